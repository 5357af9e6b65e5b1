import { isValidElement, type ReactNode } from 'react'

/** Whether the values of a row of a comparison are not all the same. */
export function differ(values: readonly string[]): boolean {
  return values.some((value) => value !== values[0])
}

/**
 * Items shared by every list (ascending) and, per list, the items no other list has (in its order). With one
 * list, nothing is "only in this one": there is nothing to compare with.
 */
export function sharedAndOnly(lists: readonly (readonly number[])[]): { shared: number[]; only: number[][] } {
  const holders = new Map<number, number>()
  for (const list of lists) for (const item of new Set(list)) holders.set(item, (holders.get(item) ?? 0) + 1)
  const shared = [...holders].filter(([, count]) => count === lists.length).map(([item]) => item)
  const only = lists.map((list) =>
    lists.length < 2 ? [] : [...new Set(list)].filter((item) => holders.get(item) === 1),
  )
  return { shared: shared.sort((a, b) => a - b), only }
}

/** The text a rendered value reads as (strings, numbers and the children of elements), to tell values apart. */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children)
  return ''
}
