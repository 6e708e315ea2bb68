/** What the browser and API clients see of a user. */
import type * as z from "zod";
import type { publicNotificationSchema, publicUserSchema } from "./api-schemas";
import type { Role } from "./vocabulary";
export type { Role };

export type PublicUser = z.infer<typeof publicUserSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  FreeUser: "Free",
  LiteUser: "Scout",
  ProUser: "Creator",
  Admin: "Admin",
};

export type PublicNotification = z.infer<typeof publicNotificationSchema>;
