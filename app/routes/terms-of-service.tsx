import { LegalPage } from "~/components/legal-page";
import { PRODUCT_NAME } from "~/components/logo";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Terms of Service · ${PRODUCT_NAME}`, "The terms for using Linkwise, its plans and enrichment packs.");

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service">
      <h2>Using {PRODUCT_NAME}</h2>
      <p>You must be at least 13 years old. You are responsible for the links you save and share, and for keeping your password safe.</p>
      <h2>Plans and payments</h2>
      <p>Free costs nothing. Scout (EUR 4.95 per month) and Creator (EUR 12.95 per month) are billed monthly and can be cancelled at any time, effective at the end of the paid month. Enrichment pack credits never expire. We announce price changes at least 30 days in advance.</p>
      <h2>Acceptable use</h2>
      <p>Do not use the service to break the law, to attack other systems, or to share content you have no right to share.</p>
      <h2>Ending the service</h2>
      <p>You can cancel at any time. Your content is deleted within 30 days of account deletion or cancellation; billing records are kept for about 7 years.</p>
      <h2>Liability</h2>
      <p>The service is provided as is. Our liability is limited to the amount you paid us in the last 12 months.</p>
      <h2>Contact</h2>
      <p>Questions about these terms: use the contact page. We answer within 24-48 hours.</p>
    </LegalPage>
  );
}
