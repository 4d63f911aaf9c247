import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminComplaintCalls } from '@kaskita/domain/contract/admin-complaints';
import { complaintCalls } from '@kaskita/domain/contract/complaints';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import { formUpload } from '../../http/multipart-form.ts';
import { registerCall } from '../../http/register-call.ts';
import type { StaffSession } from '../../plugins/staff-auth-plugin.ts';
import type { ComplaintDeskService } from './complaint-desk-service.ts';
import type { ComplaintsService } from './complaints-service.ts';
import type { HelpContentService } from './help-content-service.ts';

export interface ComplaintsRoutesDependencies {
  complaints: ComplaintsService;
  desk: ComplaintDeskService;
  help: HelpContentService;
  commands: CommandExecutor;
}

/**
 * The reasons of the two steps whose staff member types nothing: taking a case up, and looking at the photo the
 * borrower sent with it (sent to be looked at, for this case only). Each audit row still says who, when and why.
 */
const START_REASON = 'Taken up to answer';
const PHOTO_REASON = 'Reading the complaint';

/** Me > Help and the complaints desk (contract/complaints.ts, contract/admin-complaints.ts). */
export function complaintsRoutes(
  app: FastifyInstance,
  { complaints, desk, help, commands }: ComplaintsRoutesDependencies,
): void {
  registerCall(app, complaintCalls.getHelpContent, () => help.content());
  registerCall(app, complaintCalls.fileComplaint, ({ session, body, request }) =>
    complaints.file(session.userId, body, formUpload(request), request.ctx.locale),
  );
  registerCall(app, complaintCalls.listMyComplaints, ({ session }) => complaints.list(session.userId));
  registerCall(app, complaintCalls.getMyComplaint, ({ session, params }) =>
    complaints.get(session.userId, params.id),
  );
  registerCall(app, complaintCalls.getComplaintSubjects, ({ session }) =>
    complaints.subjects(session.userId),
  );

  const calls = adminComplaintCalls;
  registerCall(app, calls.listComplaints, ({ query }) =>
    desk.list(
      {
        status: query.status,
        category: query.category,
        caseNumber: query.case_number,
        overdue: query.overdue === 'true',
      },
      { page: query.page, pageSize: query.page_size, order: query.order, sort: query.sort },
    ),
  );
  registerCall(app, calls.getComplaint, ({ params }) => desk.get(params.id));
  registerCall(app, calls.viewComplaintPhoto, async ({ staff, params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return commands.run(desk.photoCommand, { complaintId: params.id }, staffActor(staff), {
      reason: PHOTO_REASON,
      network: request.ctx.network,
    });
  });
  /** Runs a step as the signed-in member, with the words they typed as its reason, then sends its SMS at once. */
  const runStep = async (
    command: ComplaintDeskService['startCommand'],
    staff: StaffSession,
    complaintId: string,
    reason: string,
    request: FastifyRequest,
  ) => {
    const result = await commands.run(command, { complaintId }, staffActor(staff), {
      reason,
      network: request.ctx.network,
    });
    desk.wakeOutbox();
    return result;
  };
  registerCall(app, calls.startComplaint, ({ staff, params, request }) =>
    runStep(desk.startCommand, staff, params.id, START_REASON, request),
  );
  registerCall(app, calls.answerComplaint, ({ staff, params, body, request }) =>
    runStep(desk.answerCommand, staff, params.id, body.answer, request),
  );
  registerCall(app, calls.extendComplaint, ({ staff, params, body, request }) =>
    runStep(desk.extendCommand, staff, params.id, body.reason, request),
  );
  registerCall(app, calls.closeComplaint, ({ staff, params, body, request }) =>
    runStep(desk.closeCommand, staff, params.id, body.note, request),
  );
}
