// Which enquiries a vehicle page offers and what its buttons say: all the page loads before the form.

export const LEAD_SOURCES = ['question', 'test-drive', 'offer'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  question: 'Question',
  'test-drive': 'Test drive',
  offer: 'Offer',
};
/** The button on the vehicle page that opens each form. */
export const LEAD_FORM_TITLES: Record<LeadSource, string> = {
  question: 'Ask a Question',
  'test-drive': 'Request a Test Drive',
  offer: 'Make an Offer',
};
