import { isIPv4 } from 'node:net'

/**
 * The group a client address is counted in for the per-address connection cap (contract §11): an IPv4
 * address (also written as `::ffff:a.b.c.d`) on its own, an IPv6 address by its /64 (one subscriber usually
 * holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function addressGroup(address: string): string {
  const plain = address.split('%', 1)[0] as string
  if (isIPv4(plain)) return plain
  const lower = plain.toLowerCase()
  if (lower.startsWith('::ffff:') && isIPv4(lower.slice(7))) return lower.slice(7)
  const [head = '', tail] = lower.split('::', 2)
  const headGroups = head === '' ? [] : head.split(':')
  if (tail === undefined) return `${prefix64(headGroups)}/64`
  // The groups `::` stands for are zeros; only the first four matter, so the tail counts only when it reaches them.
  const tailGroups = tail === '' ? [] : tail.split(':')
  const tailLength = tailGroups.reduce((groups, group) => groups + (group.includes('.') ? 2 : 1), 0)
  const zeros = Array.from({ length: Math.max(0, 8 - headGroups.length - tailLength) }, () => '0')
  return `${prefix64([...headGroups, ...zeros, ...tailGroups])}/64`
}

const prefix64 = (groups: readonly string[]) =>
  Array.from({ length: 4 }, (_, index) => Number.parseInt(groups[index] ?? '0', 16).toString(16)).join(':')
