import type { ComponentProps } from "react";
import { EnrichmentsTab } from "./enrichments-tab";
import { PreferencesCard } from "./preferences-card";

/** The dashboard's Enrichments section: content preferences over the enriched links. The page loads it when first shown (decision 058). */
export default function EnrichmentsSection(props: ComponentProps<typeof EnrichmentsTab>) {
  return (
    <>
      <PreferencesCard access={props.access.contentPreferences} />
      <EnrichmentsTab {...props} />
    </>
  );
}
