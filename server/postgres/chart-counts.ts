import type { AnyCollection } from '../../src/catalogue'
import type { DateUnit } from '../../src/catalogue/views/parameters'
import { identifier, numberColumn } from './layout'

/*
 * The insights' facets in SQL (contract §13): the names under which the loader keeps their whole-collection
 * counts among the facets' (`catalogue.facet_counts`, migration 3; a name no facet can have), and the SQL of a
 * record's value: a count column's distinct numbers, a date column's UTC period.
 */

/** The kept name of a count column's histogram of distinct numbers (`_bins:residents`). */
export const keptBins = (field: string) => `_bins:${field}`
/** The kept name of a date column's periods (`_year:air_date`). */
export const keptDates = (field: string, unit: DateUnit) => `_${unit}:${field}`

/** How many distinct numbers a record of the collection's table `t` holds in a count column. */
export const distinctCountSql = (field: string) =>
  `(SELECT count(DISTINCT x)::integer FROM unnest(t.${identifier(field)}) x)`

/** A record's UTC period of a date column of the views table `v` (`2013`, `2013-12`), or '' without a date. */
export function periodSql(collection: AnyCollection, field: string, unit: DateUnit): string {
  const column = collection.columns.find((candidate) => candidate.field === field)
  if (!column) throw new Error(`${field} is not a column of ${collection.name}`)
  const format = unit === 'year' ? 'YYYY' : 'YYYY-MM'
  return `COALESCE(to_char(to_timestamp(v.${identifier(numberColumn(column))} / 1000.0) AT TIME ZONE 'UTC', '${format}'), '')`
}
