import { LegalPage } from "~/components/legal-page";
import { PRODUCT_NAME } from "~/components/logo";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Privacy Policy · ${PRODUCT_NAME}`, "What Linkwise stores about you, why, for how long, and your rights.");

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we collect</h2>
      <p>Your email address, the links you save and what we derive from them (summaries, tags, quizzes), and basic usage data needed to run the service.</p>
      <h2>How we use it</h2>
      <p>To provide and improve {PRODUCT_NAME}, to meter your plan&apos;s enrichments, and to send the emails you need (confirmation, password reset, notices).</p>
      <h2>Pages you save</h2>
      <p>Our servers fetch the pages you save in order to enrich them. Links stay private unless you share them; a shared link&apos;s public page shows its title, description, tags and summary.</p>
      <h2>Retention</h2>
      <p>Your content is deleted within 30 days of account deletion or cancellation. Billing records are kept for about 7 years, as the law requires.</p>
      <h2>Your rights</h2>
      <p>You can ask to see, correct, export or delete your data. We answer privacy requests within 30 days.</p>
      <h2>Children</h2>
      <p>{PRODUCT_NAME} is not for children: you must be at least 13 years old to use it.</p>
      <h2>Contact</h2>
      <p>Questions about privacy: use the contact page. We answer within 24-48 hours.</p>
    </LegalPage>
  );
}
