/** What the vehicle use cases tell the caller when they refuse. */
export const MESSAGES = {
  notFound: 'Vehicle not found',
  notOwner: 'Only the seller or the dealership can change this listing',
  statusAdminOnly: "Only the dealership can change a listing's status",
  buyerAdminOnly: 'Only the dealership can record a buyer',
  buyerUnknown: 'No registered user has this id, e-mail or username',
  buyerNeedsSold: 'A buyer can only be recorded on a sold listing',
  unknownImage: 'One of the kept photos does not belong to this listing',
  soldReadOnly: 'This vehicle has been sold, so its listing can no longer be changed or deleted.',
  purchaseKept:
    "This vehicle's sale to a registered buyer is on record, so the listing cannot be deleted. It stays in the buyer's purchases.",
  saleOnRecord:
    "This vehicle's sale to a registered buyer is on record, so the listing cannot be put back on sale. It stays in the buyer's purchases.",
  revisionStale: 'This listing changed after you opened it. Review the new version before approving it.',
  sellerWithdrawn: 'Taken off sale while your account was not active. Save the listing again to send it for review.',
} as const;
