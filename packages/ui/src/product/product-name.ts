/** The product's name as the interface shows it, for the shell and every remote. */
export const PRODUCT_NAME = 'AnnieAI';
