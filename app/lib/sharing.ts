/** The one text a visitor sees for a private, removed or unknown shared link: none is told apart. */
export const NOT_AVAILABLE = "This link is not available.";
