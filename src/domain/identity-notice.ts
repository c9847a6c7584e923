// What the cash desk and the delivery counter say of an order's identity document (a module of its
// own: those screens need none of the document rules of src/domain/order-documents.ts).
/**
 * What the cash desk and the delivery counter say before handing anything out: "ask for the
 * document" when the customer said they would show it at the desk, or when an order that requires
 * one holds none (`document_missing`, an order from before the rule); nothing otherwise.
 */
export function identityNotice(order: { id_at_desk?: boolean; document_missing?: boolean }): 'atDesk' | 'missing' | null {
  if (order.id_at_desk) return 'atDesk';
  return order.document_missing ? 'missing' : null;
}
