-- Custom SQL migration file, put your code below! --
-- The seed once filled the store links with an app id that was never published; a database still holding exactly
-- those values gets JSON null (no download button). A link operations set themselves is left as it is.
UPDATE app_config SET value = 'null'::jsonb, updated_at = now()
WHERE (key = 'app_download_ios' AND value = '"https://apps.apple.com/id/app/kaskita-pinjaman-online/id6479201135"'::jsonb)
   OR (key = 'app_download_android' AND value = '"https://play.google.com/store/apps/details?id=id.kaskita.app"'::jsonb);
