/** The marketing consent box, asked separately and never ticked for the buyer. */
export const MARKETING_LABEL = 'Send me offers and invitations to review what I bought (you can change this at any time)';
