// Shared data model of the management API (transformations, libraries, their immutable
// versions, publish pins) and of destinations (connected to a transformation and sources).
export const sql = `
CREATE TABLE transformations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  latest_version_id TEXT,
  published_version_id TEXT,
  deleted_at TEXT
);

CREATE TABLE transformation_versions (
  id TEXT PRIMARY KEY,
  transformation_id TEXT NOT NULL REFERENCES transformations(id),
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL DEFAULT '',
  code_version TEXT NOT NULL DEFAULT '1',
  language TEXT NOT NULL DEFAULT 'javascript',
  test_events TEXT,
  created_at TEXT NOT NULL,
  created_by TEXT,
  published_at TEXT,
  UNIQUE (transformation_id, seq)
);
CREATE INDEX transformation_versions_by_transformation ON transformation_versions (transformation_id, created_at, seq);

CREATE TABLE libraries (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  import_name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  latest_version_id TEXT,
  published_version_id TEXT,
  deleted_at TEXT
);

CREATE TABLE library_versions (
  id TEXT PRIMARY KEY,
  library_id TEXT NOT NULL REFERENCES libraries(id),
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL DEFAULT '',
  import_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT,
  published_at TEXT,
  UNIQUE (library_id, seq)
);
CREATE INDEX library_versions_by_library ON library_versions (library_id, created_at, seq);

-- The library versions a published transformation version was tested with (the pipeline runs exactly these).
CREATE TABLE transformation_version_libraries (
  transformation_version_id TEXT NOT NULL REFERENCES transformation_versions(id),
  library_version_id TEXT NOT NULL REFERENCES library_versions(id),
  PRIMARY KEY (transformation_version_id, library_version_id)
);

CREATE TABLE destinations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('capture', 'webhook', 'file', 'data-plane')),
  config TEXT NOT NULL DEFAULT '{}',
  enabled INTEGER NOT NULL DEFAULT 1,
  transformation_id TEXT REFERENCES transformations(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE destination_sources (
  destination_id TEXT NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
  source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  PRIMARY KEY (destination_id, source_id)
);
`;
