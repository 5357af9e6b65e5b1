import { describe, expect, it } from 'vitest'
import { EMPTY_DATA_VIEW } from '../catalogue/views/parameters'
import { answererOf, type Feature, type IndexReadiness, type Known, listSourceOf } from './answerer'

const FEATURES: Feature[] = ['list', 'search', 'characters', 'related', 'insights']
const READINESS: IndexReadiness[] = ['ready', 'opening', 'stale', 'incomplete']

describe('who answers (the one rule)', () => {
  it.each(FEATURES)('%s: a ready index, then a service that answers it, then the fallback', (feature) => {
    for (const service of [true, false, undefined]) {
      expect(answererOf(feature, { index: 'ready', service })).toBe('index')
      for (const index of READINESS.filter((each) => each !== 'ready'))
        expect(answererOf(feature, { index, service })).toBe(service === true ? 'service' : 'fallback')
    }
  })

  it('never lets a stale or opening index answer while the service can', () => {
    for (const index of ['stale', 'opening'] as const)
      expect(answererOf('search', { index, service: true })).toBe('service')
  })
})

describe('who answers a list', () => {
  const sorted = { ...EMPTY_DATA_VIEW, sort: { field: 'name', descending: false } }
  const known = (index: IndexReadiness, service: boolean | undefined): Known => ({ index, service })

  it('a view: the ready index, else a service that answers views, else the index to build', () => {
    expect(listSourceOf(sorted, known('ready', true))).toBe('index')
    expect(listSourceOf(sorted, known('stale', true))).toBe('views')
    expect(listSourceOf(sorted, known('incomplete', false))).toBe('index')
    expect(listSourceOf(sorted, known('opening', undefined))).toBe('index')
  })

  it('a plain page: a service that answers views counts its facets with it, unless the index is ready', () => {
    expect(listSourceOf(EMPTY_DATA_VIEW, known('incomplete', true))).toBe('views')
    expect(listSourceOf(EMPTY_DATA_VIEW, known('ready', true))).toBe('service')
    expect(listSourceOf(EMPTY_DATA_VIEW, known('incomplete', false))).toBe('service')
    // Columns alone are no view: the page is the specification's.
    expect(listSourceOf({ ...EMPTY_DATA_VIEW, columns: ['name'] }, known('stale', false))).toBe('service')
  })
})
