import * as z from "zod";
import { DEFAULT_FEATURE_TABLE, FEATURE_KEYS, FEATURES, type FeatureInfo, type FeatureKey, type FeatureTable } from "./entitlements";
import { ROLE_LABELS } from "./user";

/**
 * The admin's feature toggles, shared by the page and the server: which cells of the role ×
 * feature table an admin may switch, the API's answer, and the schema of a save.
 */

/**
 * The columns an admin switches: Scout and Creator. Admin has every built feature; Free keeps
 * the code's column (public sharing with the watermark, which the pricing page sells).
 */
export const FLAG_ROLES = ["LiteUser", "ProUser"] as const;
export type FlagRole = (typeof FLAG_ROLES)[number];

/** The switchable part of the table: one boolean per feature and flag role. */
export type FlagTable = Record<FeatureKey, Record<FlagRole, boolean>>;

/** A whole table's switchable part, e.g. the defaults in code. */
export function flagTableOf(table: FeatureTable): FlagTable {
  return Object.fromEntries(
    FEATURE_KEYS.map((key) => [key, Object.fromEntries(FLAG_ROLES.map((role) => [role, table[key][role]]))]),
  ) as FlagTable;
}

export const DEFAULT_FLAG_TABLE: FlagTable = flagTableOf(DEFAULT_FEATURE_TABLE);

/** The full table the entitlement module reads: saved Scout and Creator cells over the defaults. */
export function withFlags(flags: FlagTable): FeatureTable {
  return Object.fromEntries(
    FEATURE_KEYS.map((key) => [key, { ...DEFAULT_FEATURE_TABLE[key], ...flags[key] }]),
  ) as FeatureTable;
}

export const flagCellSchema = z.object({
  enabled: z.boolean(),
  default: z.boolean().describe("The value in code, which a cell never saved reads as."),
  updatedBy: z
    .object({ id: z.string().nullable(), email: z.string().nullable() })
    .nullable()
    .describe("Who last saved this cell; null while it has never been saved."),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type FlagCell = z.infer<typeof flagCellSchema>;

const flagRoleSchema = z.enum(FLAG_ROLES);
const flagRowSchema = z.object({ LiteUser: z.boolean(), ProUser: z.boolean() });
export const flagTableSchema = z.record(z.enum(FEATURE_KEYS), flagRowSchema).meta({ id: "FlagTable", description: "Per feature, whether Scout (LiteUser) and Creator (ProUser) have it." });

export const featureFlagEntrySchema = z.object({
  key: z.enum(FEATURE_KEYS),
  name: z.string(),
  description: z.string(),
  category: z.enum(["core", "content", "export", "premium", "sharing"]),
  built: z.boolean().describe("False until the feature exists: coming soon for every role."),
  freeUser: z.boolean().describe("Free's cell: fixed in code, shown but not switchable."),
  cells: z.object({ LiteUser: flagCellSchema, ProUser: flagCellSchema }),
});
export type FeatureFlagEntry = z.infer<typeof featureFlagEntrySchema>;

/** GET and PUT /api/admin/feature-flags answer this. */
export const featureFlagsAnswerSchema = z
  .object({
    roles: z.array(z.object({ role: flagRoleSchema, label: z.string() })),
    flags: flagTableSchema.describe("The effective Scout and Creator table: what a save sends back, changed."),
    defaults: flagTableSchema,
    features: z.array(featureFlagEntrySchema),
  })
  .meta({ id: "FeatureFlags" });
export type FeatureFlagsAnswer = z.infer<typeof featureFlagsAnswerSchema>;

export const FLAG_ROLE_LABELS = FLAG_ROLES.map((role) => ({ role, label: ROLE_LABELS[role] }));

export const FEATURE_CATEGORY_LABELS: Record<FeatureInfo["category"], string> = {
  core: "Core",
  content: "Content",
  export: "Export",
  premium: "Premium",
  sharing: "Sharing",
};

/** The catalogue in category order, as the page groups it. */
export function featuresByCategory(): Array<{ category: FeatureInfo["category"]; label: string; features: FeatureInfo[] }> {
  return (Object.keys(FEATURE_CATEGORY_LABELS) as Array<FeatureInfo["category"]>).map((category) => ({
    category,
    label: FEATURE_CATEGORY_LABELS[category],
    features: FEATURES.filter((feature) => feature.category === category),
  }));
}

/** The browser's copy of the server's last answer (the spec's `feature_flags` key); never the truth. */
export const FEATURE_FLAGS_STORAGE_KEY = "feature_flags";

const cellSchema = z.strictObject(
  Object.fromEntries(FLAG_ROLES.map((role) => [role, z.boolean({ error: `${role} must be true or false` }).optional()])) as Record<
    FlagRole,
    z.ZodOptional<z.ZodBoolean>
  >,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown role ${issue.keys.map((key) => `"${key}"`).join(", ")}: only LiteUser (Scout) and ProUser (Creator) can be switched`
        : issue.code === "invalid_type"
          ? "Each feature takes an object such as {\"LiteUser\": true, \"ProUser\": true}"
          : undefined,
  },
);

/**
 * PUT /api/admin/feature-flags: `{flags: {<featureKey>: {LiteUser?, ProUser?}}}`. Cells left
 * out keep their value; an unknown feature key or role is refused.
 */
export const flagTableUpdateSchema = z.object({
  flags: z.strictObject(
    Object.fromEntries(FEATURE_KEYS.map((key) => [key, cellSchema.optional()])) as Record<FeatureKey, z.ZodOptional<typeof cellSchema>>,
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown feature ${issue.keys.map((key) => `"${key}"`).join(", ")}`
          : issue.code === "invalid_type"
            ? "flags must be an object of feature keys"
            : undefined,
    },
  ),
});
export type FlagTableUpdate = z.infer<typeof flagTableUpdateSchema>["flags"];
