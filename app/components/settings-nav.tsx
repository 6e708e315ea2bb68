import { SectionNav } from "./app-layout";

/** The settings pages' tabs: Account | Billing | API & integrations | Feeds. */
export function SettingsNav() {
  return (
    <SectionNav
      label="Settings"
      items={[
        { to: "/settings", label: "Account", end: true },
        { to: "/settings/billing", label: "Billing" },
        { to: "/settings/integrations", label: "API & integrations" },
        { to: "/settings/feeds", label: "Feeds" },
      ]}
    />
  );
}
