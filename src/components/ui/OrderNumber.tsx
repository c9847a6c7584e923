// The order number written large, with what it is: what a customer reads out at the shop's desk
// (the online confirmation and the public kiosk's both show it).
import './OrderNumber.css';

export default function OrderNumber({ number, label }: { number: string; label: string }) {
  return (
    <p className="order-number">
      <span>{label}</span>
      <strong data-testid="order-number">{number}</strong>
    </p>
  );
}
