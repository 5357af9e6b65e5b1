import type { ListView } from './explorer'

/** A value folded under a row's name on a phone ("Resort", "Dimension C-500"), and what surrounds its words. */
export interface FoldedValue {
  /** Its words, as seen (not the label only a screen reader hears). */
  text: string
  /** It begins a line of its own after the row's first value. */
  wrapped: boolean
  /** Something is painted after its words at the end of their line, or before them at the start of one. */
  dotAtEnd: boolean
  dotAtStart: boolean
  /** Some of its words lie outside what the folded line shows. */
  cut: boolean
}

/**
 * The values folded under each row's name, measured where the browser lays them out: a separator left at a
 * line's edge is whatever is painted beyond the words there, be it the row's own element or generated content.
 */
export function foldedValues(list: ListView): Promise<FoldedValue[]> {
  return list.rows
    .getByRole('cell')
    .filter({ has: list.table.page().getByRole('link') })
    .evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const folded = cell.lastElementChild
        const seen = folded?.getBoundingClientRect()
        const values = [...(folded?.children ?? [])].map((value) => {
          const words = document.createTreeWalker(value, NodeFilter.SHOW_TEXT)
          const rects: DOMRect[] = []
          let text = ''
          for (let node = words.nextNode(); node; node = words.nextNode()) {
            // A label for screen readers alone is absolutely positioned out of sight.
            if (getComputedStyle(node.parentElement as Element).position === 'absolute') continue
            text += node.textContent
            const range = document.createRange()
            range.selectNodeContents(node)
            rects.push(...range.getClientRects())
          }
          const box = value.getBoundingClientRect()
          return {
            text,
            // What is painted of the value's box: the folded line clips it.
            left: Math.max(box.left, seen?.left ?? box.left),
            right: Math.min(box.right, seen?.right ?? box.right),
            first: rects[0] as DOMRect,
            last: rects.at(-1) as DOMRect,
            cut: rects.some((rect) => rect.left < (seen?.left ?? rect.left) - 0.5),
          }
        })
        return values.map((value, index) => {
          const next = values[index + 1]
          const previous = values[index - 1]
          const endsLine = !next || next.first.top >= value.last.bottom - 1
          const startsLine = !previous || value.first.top >= previous.last.bottom - 1
          return {
            text: value.text,
            wrapped: index > 0 && startsLine,
            // A value on two lines takes the line's whole width: what follows its words is not told by its box.
            dotAtEnd: endsLine && value.first.top === value.last.top && value.right - value.last.right > 1,
            dotAtStart: startsLine && value.first.left - value.left > 1,
            cut: value.cut,
          }
        })
      }),
    )
}
