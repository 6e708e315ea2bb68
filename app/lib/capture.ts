/**
 * "Save page as I see it" (decision 069): the browser extension sends the page its tab rendered
 * with the save. Shared by the API's schema, the server's check and the extension's popup.
 */
/** The most HTML one capture may send, in UTF-8 bytes; more is refused with 413. */
export const CAPTURE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The most a request to save a link may send (POST /api/links): a capture's HTML escaped as JSON
 * grows (quotes, newlines), and the title, tags and note come with it. Every other body keeps BODY_LIMIT.
 */
export const CAPTURE_BODY_MAX_BYTES = 3 * CAPTURE_MAX_BYTES;
export const CAPTURE_TOO_LARGE = `The captured page is larger than ${CAPTURE_MAX_BYTES / 1024 / 1024} MB. Save it without "Save page as I see it", and the server reads the address instead.`;
