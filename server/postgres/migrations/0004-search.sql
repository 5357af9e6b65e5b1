-- Search (contract §13): each generation's words, values and characters, written by the loader from what the
-- contract's fold and tokenizer make (never the database's `unaccent`). A generation's tables are made LIKE
-- these, as a collection's are, and dropped with it. Tables of their own: a service of schema version 3 reads
-- the catalogue as before, without search.

-- Every distinct word of the records' searched fields (a location's name; an episode's name and code), with its
-- length in letters (code points) and its documents: how many, and each as 4 bytes (`int4send`), ascending, of
-- (document number × 64 + the document's name words, at most 63). A document number counts the collections'
-- records in order (locations, then episodes) by position.
CREATE TABLE catalogue.search_words_layout (
  word text COLLATE "C" NOT NULL,
  letters integer NOT NULL,
  frequency integer NOT NULL,
  postings bytea NOT NULL
);

-- The distinct values of the fields a list filters on beyond names and codes (a location's type and
-- dimension), in the order the records first hold them (`number`), with their record counts.
CREATE TABLE catalogue.search_values_layout (
  number integer NOT NULL,
  collection text NOT NULL,
  field text NOT NULL,
  value text NOT NULL,
  count integer NOT NULL
);

-- Every character id a record lists (a location's residents, an episode's characters).
CREATE TABLE catalogue.search_characters_layout (
  id bigint NOT NULL
);
