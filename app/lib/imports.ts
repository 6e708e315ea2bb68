/** Import and export rules shared by the dashboard and the server. */
import type * as z from "zod";
import type { importSchema } from "./api-schemas";

/** The largest file an import takes, and the most bookmarks in it. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ENTRIES = 100_000;
/** Folders within folders (bookmark HTML), and arrays or objects within each other (JSON): browsers' exports stay far below. */
export const IMPORT_MAX_DEPTH = 100;
/** Entries in a zip archive (Omnivore's has a metadata file per 20 articles and a content file per article). */
export const IMPORT_MAX_ZIP_FILES = 250_000;
/** What an archive's metadata files may unpack to, together: a few times what 100,000 articles' metadata takes. */
export const IMPORT_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

export const IMPORT_FORMATS = ["netscape-html", "pocket-csv", "karakeep-json", "linkwarden-json", "omnivore-json", "omnivore-zip", "linkwise-json", "url-list"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  "netscape-html": "Bookmark HTML",
  "pocket-csv": "CSV (Pocket, Instapaper)",
  "karakeep-json": "Karakeep JSON",
  "linkwarden-json": "Linkwarden JSON",
  "omnivore-json": "Omnivore JSON",
  "omnivore-zip": "Omnivore export (zip)",
  "linkwise-json": "Linkwise JSON",
  "url-list": "List of URLs",
};

export type { ImportStatus } from "./vocabulary";

/** What the API and the live events say about an import. */
export type PublicImport = z.infer<typeof importSchema>;

export const NOT_ENRICHED_ALLOWANCE = "Not enriched — allowance used";
export const NOT_ENRICHED_PLAN = "Not enriched — enriching imported links in bulk is part of the Creator plan";

export const EXPORT_FORMATS = ["json", "html", "markdown"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
