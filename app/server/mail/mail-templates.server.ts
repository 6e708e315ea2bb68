import type { Mail } from "./mailer.server";

/** Every mail the product sends, as text and a simple HTML twin. Links are absolute (APP_URL). */
const PRODUCT = "Linkwise";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : "";
  return `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#0f172a">${body}${button}<p style="font-size:12px;color:#64748b">${PRODUCT}</p></div>`;
}

export function confirmationMail(to: string, url: string): Mail {
  const lines = [`Welcome to ${PRODUCT}!`, "Please confirm your email address. The link works for 24 hours."];
  return {
    to,
    subject: `Confirm your email for ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\n${url}\n`,
    html: layout(lines, { label: "Confirm email", url }),
  };
}

export function passwordResetMail(to: string, url: string): Mail {
  const lines = [
    `Someone asked to reset the password of your ${PRODUCT} account.`,
    "If it was you, choose a new password with the link below; it works for 1 hour. If not, ignore this mail: your password stays as it is.",
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines.join("\n\n")}\n\n${url}\n`,
    html: layout(lines, { label: "Reset password", url }),
  };
}

export function passwordChangedMail(to: string): Mail {
  const lines = [`The password of your ${PRODUCT} account was just changed, and every other session was signed out.`, "If this was not you, reset your password now."];
  return { to, subject: `Your ${PRODUCT} password was changed`, text: lines.join("\n\n"), html: layout(lines) };
}

export function packPurchasedMail(to: string, input: { description: string; credits: number; balance: number; amount: string; url: string }): Mail {
  const lines = [
    `Thank you for your purchase: ${input.description} for ${input.amount}.`,
    `${input.credits} enrichment credits were added to your account; you now have ${input.balance}. Credits never expire and are used after your monthly allowance.`,
  ];
  return { to, subject: `Your ${PRODUCT} enrichment credits`, text: `${lines.join("\n\n")}\n\n${input.url}\n`, html: layout(lines, { label: "See your billing", url: input.url }) };
}

export function planChangedMail(to: string, input: { from: string; to: string; url: string }): Mail {
  const lines = [`Your ${PRODUCT} plan changed from ${input.from} to ${input.to}.`, "The change is already in effect. Your billing page shows the details and your receipts."];
  return { to, subject: `Your ${PRODUCT} plan is now ${input.to}`, text: `${lines.join("\n\n")}\n\n${input.url}\n`, html: layout(lines, { label: "See your billing", url: input.url }) };
}

export function paymentFailedMail(to: string, input: { amount: string; url: string }): Mail {
  const lines = [
    `We could not take the payment of ${input.amount} for your ${PRODUCT} subscription.`,
    "Please update your payment method: we will try again over the next days, and your plan stays active meanwhile.",
  ];
  return { to, subject: `Payment failed for your ${PRODUCT} subscription`, text: `${lines.join("\n\n")}\n\n${input.url}\n`, html: layout(lines, { label: "Update payment method", url: input.url }) };
}

export function emailChangeMail(to: string, url: string): Mail {
  const lines = [
    `Someone asked to use this address for their ${PRODUCT} account.`,
    "If it was you, confirm with the link below; it works for 24 hours. Until then the account keeps its old address.",
  ];
  return { to, subject: `Confirm your new email for ${PRODUCT}`, text: `${lines.join("\n\n")}\n\n${url}\n`, html: layout(lines, { label: "Confirm new email", url }) };
}

export function emailChangedMail(to: string, newEmail: string): Mail {
  const lines = [`The email address of your ${PRODUCT} account was changed to ${newEmail}.`, "If this was not you, contact support right away."];
  return { to, subject: `Your ${PRODUCT} email address was changed`, text: lines.join("\n\n"), html: layout(lines) };
}

export function accountDeletedMail(to: string): Mail {
  const lines = [
    `Your ${PRODUCT} account was deleted, with its links, generated results, shares and sessions.`,
    "Billing records (receipts) are kept as our terms say. If this was not you, contact support.",
  ];
  return { to, subject: `Your ${PRODUCT} account was deleted`, text: lines.join("\n\n"), html: layout(lines) };
}

export function reviewDigestMail(to: string, input: { due: number; url: string; settingsUrl: string }): Mail {
  const cards = `${input.due.toLocaleString("en-US")} ${input.due === 1 ? "card is" : "cards are"}`;
  const lines = [`${cards} due for review.`, "A few minutes of recall now keeps what you chose to learn."];
  const off = `You asked for this reminder; turn it off in your settings: ${input.settingsUrl}`;
  return {
    to,
    subject: `${input.due.toLocaleString("en-US")} ${input.due === 1 ? "card" : "cards"} due · ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\n${input.url}\n\n${off}\n`,
    html: layout([...lines, off], { label: "Review now", url: input.url }),
  };
}
