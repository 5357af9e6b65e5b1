-- Characters (contract §13): each generation's pairs of a character and a record that names it, each
-- character's counts and seasons, and the catalogue's seasons, written by the loader from the records' own
-- character ids (a location's residents, an episode's characters). A generation's tables are made LIKE these
-- and dropped with it. Tables of their own: a service of schema version 4 reads the catalogue as before.

-- One row a pair, each once however often the record names the character: the character's id (bigint, as
-- the records hold it), the collection by its place in the catalogue's order (0 locations, 1 episodes), and
-- the record's position there. Indexed both ways by the loader.
CREATE TABLE catalogue.character_pairs_layout (
  character bigint NOT NULL,
  collection smallint NOT NULL,
  position integer NOT NULL
);

-- One row a character: how many records of each collection name it, and the seasons of the episodes it
-- appears in (ascending).
CREATE TABLE catalogue.characters_layout (
  id bigint NOT NULL,
  locations integer NOT NULL,
  episodes integer NOT NULL,
  seasons integer[] NOT NULL
);

-- Every season of the catalogue's episodes (a character list's season facet lists each, even at 0).
CREATE TABLE catalogue.character_seasons_layout (
  season integer NOT NULL
);
