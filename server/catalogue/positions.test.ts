import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { positionSet } from './positions'

describe('the positions a filter matched, as the filter cache keeps them', () => {
  it('give every page of positions exactly as the list does, dense or sparse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 0, max: 60 }),
        (total, density, start, size) => {
          const list = Int32Array.from({ length: total }, (_, position) => position).filter(
            (position) => ((position * 2_654_435_761) % 1_000) / 1_000 < density,
          )
          const set = positionSet(list, total)
          expect(set.length).toBe(list.length)
          expect(Array.from(set.slice(start, start + size))).toEqual(
            Array.from(list.slice(start, start + size)),
          )
        },
      ),
    )
  })

  it('keep a bit per record once that is smaller than 4 bytes per match', () => {
    const total = 1_000_000
    const most = Int32Array.from({ length: 900_000 }, (_, index) => index + 50_000)
    expect(positionSet(most, total).byteLength).toBeLessThan(140_000)
    expect(Array.from(positionSet(most, total).slice(899_990, 900_010))).toEqual(
      Array.from(most.slice(899_990, 900_010)),
    )
    const few = Int32Array.from([3, 999_999])
    expect(positionSet(few, total).byteLength).toBe(8)
  })
})
