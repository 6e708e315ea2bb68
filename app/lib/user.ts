/** What the browser and API clients see of a user. */
export type Role = "FreeUser" | "LiteUser" | "ProUser" | "Admin";

export interface PublicUser {
  id: string;
  email: string;
  role: Role;
  emailConfirmed: boolean;
  createdAt: string;
  notifications: { unreadCount: number };
}

export const ROLE_LABELS: Record<Role, string> = {
  FreeUser: "Free",
  LiteUser: "Scout",
  ProUser: "Creator",
  Admin: "Admin",
};

export interface PublicNotification {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}
