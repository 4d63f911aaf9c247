/**
 * A legal document as data: headed sections of paragraphs and lists. Texts may name the lender's configured
 * identity as {{company}}, {{address}}, {{registration}}, {{supportPhone}}, {{supportEmail}}, {{complaintEmail}}
 * and {{dpoEmail}}; the page fills them from GET /v1/config, so a new licence number never needs a code change.
 */
export type LegalBlock = string | { list: readonly string[] };
export type LegalSection = { heading: string; blocks: readonly LegalBlock[] };
export type LegalDocument = {
  title: string;
  /** Shown under the title: which version this is and which text prevails. */
  intro: string;
  sections: readonly LegalSection[];
};
export type LegalTexts = { 'id-ID': LegalDocument; 'en-US': LegalDocument };
