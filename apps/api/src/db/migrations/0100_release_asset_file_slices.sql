-- A release asset's file is sent to its downloader in slices (release-asset-store.ts
-- readAssetFileSlices), not read whole into the API's memory. PostgreSQL reads a slice of a
-- bytea (substring) without the rest only when the value is stored out of line uncompressed:
-- STORAGE EXTERNAL. Files stored from now on are; an older one is still read whole per slice,
-- which costs time, not memory held between slices.
ALTER TABLE release_asset_file ALTER COLUMN content SET STORAGE EXTERNAL;
