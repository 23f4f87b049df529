-- The uploaded file of a release asset (release_asset.asset holds its {filename, content_type,
-- size, href}). Kept in the database rather than under DATA_DIR so PGlite and PostgreSQL behave
-- the same, the upload commits or rolls back with its row, and a deleted asset (or release, by
-- cascade) leaves no file behind. download_key is the capability in the asset's href: the SDK
-- fetches href without its token, as it would a pre-signed S3 URL.
CREATE TABLE release_asset_file (
  release_asset integer PRIMARY KEY REFERENCES release_asset (id) ON DELETE CASCADE,
  content bytea NOT NULL,
  download_key text NOT NULL
);
