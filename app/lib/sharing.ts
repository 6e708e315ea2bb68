/** The one text a visitor sees for a private, removed or unknown shared link (spec section 8). */
export const NOT_AVAILABLE = "This link is not available.";
