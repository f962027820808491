/** The product's name as the interface shows it (the spec's "{product}"), for the shell and every remote. */
export const PRODUCT_NAME = 'AnnieAI';
