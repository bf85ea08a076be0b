import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStaffSlotsAnswer, ZStaffSlotsBody } from '@portal/contracts/families/appointments';
import { MessageId } from '@portal/contracts/messages';
import { ZStaffRefusal, type TStaffProblem } from '@portal/contracts/school-data';
import type { TDatabase } from '../../db/client.ts';
import { staffSlots } from '../../db/schema/index.ts';
import { schoolIdsAmong } from '../../kits/school-ids.ts';
import { MAX_SLOT_MS } from './import.ts';

// The staff API's slots (docs/school-data.md, "staff_slots.csv"): a school app adds a teacher's
// free times to meet parents, as the bundle's staff_slots.csv does, each slot with a new id.

const problem = (field: string, message: string): TStaffProblem => ({
  record: null,
  field,
  messageId: MessageId.importRowsInvalid,
  message,
});

/** POST /api/v1/staff/slots. Register under a scope that requires a `staff` key. */
export const staffSlotRoutes: FastifyPluginAsyncZod<{ db: TDatabase }> = async (app, { db }) => {
  app.post(
    '/slots',
    { schema: { body: ZStaffSlotsBody, response: { 201: ZStaffSlotsAnswer, 422: ZStaffRefusal } } },
    async (request, reply) => {
      const { schoolId } = request.apiKey;
      const { staffId, slots } = request.body;
      const errors: TStaffProblem[] = [];
      if (!(await schoolIdsAmong(db, schoolId, 'staff', [staffId])).size)
        errors.push(problem('staffId', `no member of the school's staff has the id "${staffId}"`));
      slots.forEach((slot, index) => {
        const span = new Date(slot.endsAt).getTime() - new Date(slot.startsAt).getTime();
        if (span <= 0 || span > MAX_SLOT_MS)
          errors.push(
            problem(`slots.${index}.endsAt`, 'the end is not after the start, or longer than 4 hours'),
          );
        else if (new Date(slot.startsAt).getTime() <= Date.now())
          errors.push(problem(`slots.${index}.startsAt`, 'the slot has already begun'));
      });
      if (errors.length > 0)
        return reply.code(422).send({
          success: false,
          messageId: MessageId.importRowsInvalid,
          message: `${errors.length} problem(s) in the call; nothing was applied`,
          errors,
        });
      const rows = slots.map((slot) => ({
        schoolId,
        slotId: `api-${randomUUID()}`,
        staffId,
        startsAt: new Date(slot.startsAt),
        endsAt: new Date(slot.endsAt),
        locationEn: slot.location,
        locationAr: slot.locationAr,
        mode: slot.mode,
      }));
      await db.insert(staffSlots).values(rows);
      return reply
        .code(201)
        .send({ success: true, messageId: MessageId.ok, slotIds: rows.map((row) => row.slotId) });
    },
  );
};
