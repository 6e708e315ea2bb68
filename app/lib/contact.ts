import * as z from "zod";

/** Contact form subjects, in the order the form offers them. */
export const CONTACT_SUBJECTS = {
  general: "General question",
  technical: "Technical support",
  billing: "Billing",
  feature: "Feature request",
  bug: "Bug report",
  partnership: "Partnership",
} as const;

export const contactSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(200),
  email: z.string({ error: "Enter a valid email address" }).trim().toLowerCase().pipe(z.email({ error: "Enter a valid email address" })),
  subject: z.enum(Object.keys(CONTACT_SUBJECTS) as [keyof typeof CONTACT_SUBJECTS], { error: "Choose a subject" }),
  message: z.string({ error: "Enter a message" }).trim().min(1, "Enter a message").max(5_000, "The message is too long (5,000 characters at most)"),
});
