-- A chunked release asset upload in progress (balena-sdk: files over 5 MiB go through
-- release_asset(<id>)/beginUpload, a PUT per part to the URL it hands out, then commitUpload).
-- The parts live here until the commit joins them into release_asset_file; the session goes with
-- its asset (cascade), and a session left for a day is purged by the next beginUpload.
CREATE TABLE release_asset_upload (
  uuid text PRIMARY KEY,
  release_asset integer NOT NULL REFERENCES release_asset (id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  chunk_size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX release_asset_upload_asset_idx ON release_asset_upload (release_asset);

CREATE TABLE release_asset_upload_part (
  upload text NOT NULL REFERENCES release_asset_upload (uuid) ON DELETE CASCADE,
  part_number integer NOT NULL,
  content bytea NOT NULL,
  etag text NOT NULL,
  PRIMARY KEY (upload, part_number)
);
