import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { differ, sharedAndOnly, textOf } from './compare'

describe('comparing records', () => {
  it('tells rows whose values differ', () => {
    expect(differ(['Planet', 'Planet', 'Planet'])).toBe(false)
    expect(differ(['Planet', 'Planet', 'Moon'])).toBe(true)
    expect(differ(['x'])).toBe(false)
  })

  it('finds what every record shares and what only one has', () => {
    expect(
      sharedAndOnly([
        [3, 1, 2],
        [2, 3, 4],
        [5, 3, 2, 2],
      ]),
    ).toEqual({ shared: [2, 3], only: [[1], [4], [5]] })
    expect(sharedAndOnly([[1, 2], []])).toEqual({ shared: [], only: [[1, 2], []] })
    expect(sharedAndOnly([[1, 2]])).toEqual({ shared: [1, 2], only: [[]] })
  })

  it('reads the text of rendered values', () => {
    expect(textOf(createElement('time', { dateTime: 'x' }, 'May 1, 2020'))).toBe('May 1, 2020')
    expect(textOf(['S01', createElement('span', null, 'E02'), 3])).toBe('S01E023')
    expect(textOf(null)).toBe('')
  })
})
