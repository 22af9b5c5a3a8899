/** An address shown partly hidden (`c•••••@example.com`): the link that shows it may have been forwarded. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? email : `${email.slice(0, 1)}${"•".repeat(Math.min(Math.max(at - 1, 1), 8))}${email.slice(at)}`;
}
