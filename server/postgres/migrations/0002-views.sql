-- Views (contract §12): the data tool's sort, facets and ranges, answered in SQL.

-- The one order of text for every reader, as the contract's collator writes it: Intl.Collator('en',
-- { numeric: true, sensitivity: 'base' }) ("Planet 9" before "Planet 10", "Émile" equal to "emile"). ICU's
-- numeric collation compared at the base letters only; not deterministic, so equal texts tie (by id).
CREATE COLLATION catalogue.reader_order (
  provider = icu,
  locale = 'en-u-kn-true-ks-level1',
  deterministic = false
);

-- What views derive from a record, written by the loader with the contract's own functions: a facet value a
-- facet's function makes of its field (an episode's season), and counts and dates as numbers (UTC ms).
-- Added columns only: a service of schema version 1 reads these tables as before.
ALTER TABLE catalogue.locations_layout
  ADD COLUMN residents_number bigint,
  ADD COLUMN created_number bigint;

ALTER TABLE catalogue.episodes_layout
  ADD COLUMN facet_season text COLLATE "C",
  ADD COLUMN air_date_number bigint,
  ADD COLUMN characters_number bigint,
  ADD COLUMN created_number bigint;
