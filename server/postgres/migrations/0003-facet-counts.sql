-- The counts of each facet's values over a whole collection (contract §12), written by the loader once per
-- generation: the unfiltered list's facets are then read, never counted per request, whatever the size.
-- A table of its own: a service of schema version 2 reads the catalogue as before, and counts them itself.
CREATE TABLE catalogue.facet_counts (
  generation bigint NOT NULL REFERENCES catalogue.generations ON DELETE CASCADE,
  collection text NOT NULL,
  facet text NOT NULL,
  value text COLLATE "C",
  count integer NOT NULL
);

CREATE INDEX facet_counts_of ON catalogue.facet_counts (generation, collection);
