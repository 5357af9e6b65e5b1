import { describe, expect, it } from 'vitest'
import { formatIdList, MAX_IDS, parseId, parseIdSelection } from './ids'

describe('parseIdSelection', () => {
  it('reads one id as a single record, leading zeros and surrounding spaces allowed', () => {
    expect(parseIdSelection('7')).toEqual({ ok: true, selection: { kind: 'one', id: 7 } })
    expect(parseIdSelection(' 007 ')).toEqual({ ok: true, selection: { kind: 'one', id: 7 } })
  })

  it('reads bare and bracketed lists as arrays, ascending and unique', () => {
    expect(parseIdSelection('3,1,2,3')).toEqual({ ok: true, selection: { kind: 'many', ids: [1, 2, 3] } })
    expect(parseIdSelection('[ 5 , 4 ]')).toEqual({ ok: true, selection: { kind: 'many', ids: [4, 5] } })
    expect(parseIdSelection('[7]')).toEqual({ ok: true, selection: { kind: 'many', ids: [7] } })
    expect(parseIdSelection('[]')).toEqual({ ok: true, selection: { kind: 'many', ids: [] } })
    expect(parseIdSelection('[ ]')).toEqual({ ok: true, selection: { kind: 'many', ids: [] } })
  })

  it.each([
    'abc',
    '-1',
    '+1',
    '1.5',
    '1e3',
    '0',
    '',
    ',',
    '1,,2',
    '1,',
    ',1',
    '[1,2',
    '1,2]',
    '[[1]]',
    '12345678901234567',
  ])('refuses %j', (text) => {
    expect(parseIdSelection(text)).toMatchObject({ ok: false, reason: 'malformed' })
  })

  it('accepts 16-digit ids and at most 500 of them', () => {
    expect(parseIdSelection('1234567890123456').ok).toBe(true)
    const list = (count: number) => Array.from({ length: count }, (_, index) => index + 1).join(',')
    expect(parseIdSelection(list(MAX_IDS)).ok).toBe(true)
    expect(parseIdSelection(list(MAX_IDS + 1))).toEqual({
      ok: false,
      reason: 'tooMany',
      error: 'At most 500 identifiers may be requested at once.',
    })
  })
})

describe('parseId and formatIdList', () => {
  it('reads one id or null', () => {
    expect(parseId('42')).toBe(42)
    expect(parseId('4 2')).toBeNull()
    expect(parseId('0')).toBeNull()
  })

  it('writes a bare list that parses back to the same ids', () => {
    const text = formatIdList([1, 5, 9])
    expect(text).toBe('1,5,9')
    expect(parseIdSelection(text)).toEqual({ ok: true, selection: { kind: 'many', ids: [1, 5, 9] } })
  })
})
