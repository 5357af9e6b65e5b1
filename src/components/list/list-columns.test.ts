import { describe, expect, it } from 'vitest'
import { episodes, locations } from '../../catalogue'
import { listColumns, shownFields } from './list-columns'

describe('a list’s columns', () => {
  it('shows the collection’s shown columns by default, in its order', () => {
    expect(shownFields(locations.columns, null)).toEqual(['name', 'type', 'dimension', 'residents'])
    expect(shownFields(episodes.columns, null)).toEqual(['episode', 'name', 'air_date', 'characters'])
  })

  it('shows the chosen columns in the chosen order, the name always, unknown ones left out', () => {
    expect(shownFields(locations.columns, ['created', 'nope', 'id'])).toEqual(['name', 'created', 'id'])
    expect(listColumns(locations.columns, ['residents', 'name']).map((column) => column.header)).toEqual([
      'Residents',
      'Name',
    ])
  })

  it('sorts each column by its field, counts and ids as numbers', () => {
    const columns = listColumns(locations.columns, ['name', 'id', 'residents', 'created'])
    expect(columns.map((column) => [column.sortField, column.numeric ?? false])).toEqual([
      ['name', false],
      ['id', true],
      ['residents', true],
      ['created', false],
    ])
  })
})
