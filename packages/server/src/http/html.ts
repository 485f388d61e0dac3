/** Text made safe inside HTML element content and quoted attribute values: the five characters that matter, as numeric references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
