-- The catalogue's schema: what is served, the generations loaded, and the layout of each generation's tables.
-- Applied by `npm run db:migrate` (or `npm run db:load`) as the database's owner role, inside a transaction.

-- Trigram indexes serve `LIKE '%…%'` on the folded columns (a trusted extension: the database's owner may
-- create it). Where an operator installed it already, in another schema, that one is used.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA catalogue;

-- One row: the generation served, the one before it (kept for `db:load --rollback`), and the catalogue's
-- version, one more at every switch (a load or a rollback), which the service names its answers by.
CREATE TABLE catalogue.state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL,
  generation bigint,
  previous_generation bigint,
  changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO catalogue.state (version) VALUES (0);

CREATE SEQUENCE catalogue.generation_numbers;

-- Every generation whose tables exist: written whole by one load, never changed after.
CREATE TABLE catalogue.generations (
  generation bigint PRIMARY KEY,
  loaded_at timestamptz NOT NULL DEFAULT now(),
  -- The dataset file's name (without its folder) and size.
  source text NOT NULL,
  source_bytes bigint NOT NULL
);

-- The records of each collection of a generation, stored so that the whole list's count is a lookup.
CREATE TABLE catalogue.collection_counts (
  generation bigint NOT NULL REFERENCES catalogue.generations ON DELETE CASCADE,
  collection text NOT NULL,
  records integer NOT NULL,
  PRIMARY KEY (generation, collection)
);

-- A generation's tables are made LIKE these: a record's place in id order (`position`, 0 for the lowest
-- id), the dataset's fields as the file holds them (times and air dates as text, never converted), and the
-- contract's folded value (`foldCase`, computed by the loader) of each filter, in the "C" collation so that
-- LIKE compares characters and nothing else.
CREATE TABLE catalogue.locations_layout (
  position integer NOT NULL,
  id bigint NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  dimension text NOT NULL,
  residents bigint[] NOT NULL,
  created text NOT NULL,
  name_folded text COLLATE "C" NOT NULL,
  type_folded text COLLATE "C" NOT NULL,
  dimension_folded text COLLATE "C" NOT NULL
);

CREATE TABLE catalogue.episodes_layout (
  position integer NOT NULL,
  id bigint NOT NULL,
  name text NOT NULL,
  air_date text NOT NULL,
  episode text NOT NULL,
  characters bigint[] NOT NULL,
  created text NOT NULL,
  name_folded text COLLATE "C" NOT NULL,
  episode_folded text COLLATE "C" NOT NULL
);
