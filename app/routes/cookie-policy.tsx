import { CookiePreferencesButton } from "~/components/cookie-preferences";
import { LegalPage } from "~/components/legal-page";
import { PRODUCT_NAME } from "~/components/logo";
import { staticPageMeta } from "~/lib/meta";

export const meta = staticPageMeta(`Cookie Policy · ${PRODUCT_NAME}`, "Which cookies Linkwise sets, why, and how to change your choice.");

export default function CookiePolicy() {
  return (
    <LegalPage title="Cookie Policy">
      <h2>What cookies we use</h2>
      <p>Essential cookies keep you signed in and protect forms; they are always active. With your consent we also use analytics, preference and marketing cookies.</p>
      <h2>Local storage</h2>
      <p>Your browser also keeps your theme and these cookie choices (under cookiePreferences) on your device.</p>
      <h2>Your choices</h2>
      <p>Analytics, preference and marketing cookies are off until you switch them on; change your choice at any time.</p>
      <div className="mt-6">
        <CookiePreferencesButton />
      </div>
      <h2>Questions</h2>
      <p>Contact us through the contact page. We answer within 24-48 hours.</p>
    </LegalPage>
  );
}
