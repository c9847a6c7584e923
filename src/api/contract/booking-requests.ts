// A request the online flow cannot take (a group, special gear): the shop answers by email.
import { z } from 'zod';
import { day, email, intLike, requiredString } from './fields';

export const BookingRequestSchema = z
  .object({
    shop_id: intLike(),
    first_name: requiredString(100),
    last_name: requiredString(100),
    email: email(),
    phone: requiredString(40),
    date_from: day(),
    date_to: day(),
    people: intLike().pipe(z.number().min(1, 'validators.minQuantity').max(200, 'validators.maxQuantity')),
    message: requiredString(2000),
  })
  .refine((v) => v.date_to >= v.date_from, { path: ['date_to'], message: 'validators.dateOrder' });
export type BookingRequestInput = z.input<typeof BookingRequestSchema>;
