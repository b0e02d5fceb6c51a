import { Type } from 'typebox';

// Schemas shared by the studio's sources, events, destinations and deliveries routes.

export const StudioErrorBody = Type.Object(
  { error: Type.String({ description: 'What went wrong and what to fix' }), code: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export const studioErrors = { 400: StudioErrorBody, 401: StudioErrorBody, 404: StudioErrorBody, 409: StudioErrorBody } as const;

export const AnyObject = Type.Object({}, { additionalProperties: true });
export const NullableText = Type.Union([Type.String(), Type.Null()]);
export const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export { CapturedEvent, Delivery, DestinationKindSchema, DestinationView, Source } from '../../../shared/api/pipeline';

