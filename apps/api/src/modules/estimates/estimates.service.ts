import {
  ESTIMATE_AMOUNT_LIMITS,
  ESTIMATE_LIMITS,
  ESTIMATE_MESSAGES,
  estimateDecisionSchema,
  estimateLinkDecisionSchema,
  estimateLinkSchema,
  estimateSaveSchema,
  estimateTotals,
  lineAmountCents,
  lineFiguresOf,
  stageOf,
  type Estimate,
  type EstimateEditor,
  type EstimateFinding,
  type EstimateLineDecision,
  type EstimateSummary,
  type WorkshopRates,
  type WorkshopStage,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError, parseOrThrow } from '../../infra/errors';
import type { FileStorage } from '../../infra/storage';
import { isUuid } from '../../infra/uuid';
import { enqueueEmail } from '../../mail/outbox';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import { bookingRecipient, type AppointmentRow } from '../maintenance';
import { dealershipDateTime } from '../workshop-calendar';
import * as repo from './estimates.repository';
import { estimateLinkToken, readEstimateLinkToken } from './estimates.token';

const M = ESTIMATE_MESSAGES;

/** What estimates need of other domains, wired at the composition root. */
export type EstimatesDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'tokens' | 'storage'> & {
  /** Maintenance's writes, inside the estimate's transaction: lock the job, move its stage, set its cost; and the rates. */
  appointments: {
    lockAppointment(tx: Executor, id: string): Promise<AppointmentRow | undefined>;
    setStageWithin(tx: Executor, current: AppointmentRow, stage: WorkshopStage): Promise<AppointmentRow>;
    setCostWithin(tx: Executor, id: string, cents: number): Promise<void>;
    workshopRates(executor?: Executor): Promise<WorkshopRates>;
  };
  /** Inspections: the job's findings with note, condition and photos. */
  findings(db: Executor, storage: FileStorage, appointmentId: string): Promise<EstimateFinding[]>;
};

/** Who writes and sends estimates; technicians read their own jobs' (decision 019). */
const writesEstimates = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'SERVICE_ADVISOR';
/** Stages a car is in the workshop and may be waiting for the customer's word. */
const SENDABLE: readonly WorkshopStage[] = ['Checked in', 'In progress', 'Waiting for approval', 'Waiting for parts'];

const carOf = (job: repo.JobRow) => `${job.vehicleYear} ${job.vehicleMake} ${job.vehicleModel} (${job.vehicleRegistration})`;
/** Names compared as typed: case, accents of spacing and extra spaces aside. */
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** 410: the link is well made but past its time. */
class LinkExpiredError extends AppError {
  constructor() {
    super(410, M.linkExpired);
  }
}

/**
 * Estimates (issue 27 items 2-4, decision 026): an advisor writes a job's estimate in lines (labour at
 * the workshop's hourly rate, parts, fees), each optionally answering an inspection finding; every
 * amount is computed here in integer cents. Sending raises the version and e-mails the customer a
 * signed link (7 days); the customer approves or declines each line, through their account or the
 * link, and confirms with their full name. A decision is final: it sets the appointment's cost to the
 * approved total with tax, moves the job on and tells the advisor. Declined lines stay as recommended work.
 */
export function createEstimatesService(deps: EstimatesDeps) {
  const { db, clock, config, tokens, storage, appointments } = deps;

  function toEstimate(row: repo.EstimateRow, lines: repo.EstimateLineRow[], job: repo.JobRow, findings: EstimateFinding[]): Estimate {
    const byId = new Map(findings.map((f) => [f._id, f]));
    const decided = row.status === 'Decided';
    return {
      _id: row.id,
      appointmentId: row.appointmentId,
      status: row.status,
      version: row.version,
      vehicle: { make: job.vehicleMake, model: job.vehicleModel, year: job.vehicleYear, registration: job.vehicleRegistration },
      customerName: job.customerName,
      specificService: job.specificService,
      appointmentDate: job.appointmentDate,
      lines: lines.map((l) => ({
        _id: l.id,
        ...lineFiguresOf(l),
        decision: l.decision,
        finding: l.inspectionItemId ? (byId.get(l.inspectionItemId) ?? null) : null,
      })),
      taxRateBasisPoints: row.taxRateBasisPoints,
      totals: estimateTotals(lines.map((l) => l.amountCents), row.taxRateBasisPoints),
      approved: decided ? estimateTotals(lines.filter((l) => l.decision === 'Approved').map((l) => l.amountCents), row.taxRateBasisPoints) : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedName: row.decidedName,
    };
  }

  async function view(executor: Executor, row: repo.EstimateRow, job: repo.JobRow): Promise<Estimate> {
    const [lines, findings] = await Promise.all([repo.linesOf(executor, [row.id]), deps.findings(executor, storage, job.id)]);
    return toEstimate(row, lines.get(row.id) ?? [], job, findings);
  }

  /** The job, readable by the caller: a technician only their own jobs; not found otherwise. */
  async function readableJob(user: AuthUser, appointmentId: string): Promise<repo.JobRow> {
    const job = isUuid(appointmentId) ? await repo.findJob(db, appointmentId) : undefined;
    if (!job || stageOf(job.status, job.stage) === null) throw new NotFoundError(M.jobNotFound);
    if (!writesEstimates(user) && job.technicianId !== user.id) throw new NotFoundError(M.jobNotFound);
    return job;
  }

  async function editor(user: AuthUser, appointmentId: string): Promise<EstimateEditor> {
    const job = await readableJob(user, appointmentId);
    const [row, findings, rates] = await Promise.all([repo.findEstimateOfJob(db, job.id), deps.findings(db, storage, job.id), appointments.workshopRates()]);
    let estimate: EstimateEditor['estimate'] = null;
    if (row) {
      const lines = (await repo.linesOf(db, [row.id])).get(row.id) ?? [];
      const sender = await repo.personOf(db, row.sentById);
      estimate = { ...toEstimate(row, lines, job, findings), updatedAt: row.updatedAt.toISOString(), sentBy: sender?.name ?? null, decidedIp: row.decidedIp };
    }
    return {
      appointmentId: job.id,
      customerName: job.customerName,
      customerEmail: job.customerEmail,
      vehicle: { make: job.vehicleMake, model: job.vehicleModel, year: job.vehicleYear, registration: job.vehicleRegistration },
      specificService: job.specificService,
      stage: stageOf(job.status, job.stage),
      estimate,
      findings,
      hourlyRateCents: rates.hourlyRateCents,
      taxRateBasisPoints: rates.taxRateBasisPoints,
      editable: writesEstimates(user) && job.status === 'Scheduled' && row?.status !== 'Decided',
    };
  }

  /** The job locked for a change to its estimate: on the floor and not closed. */
  async function lockedJob(tx: Executor, appointmentId: string): Promise<AppointmentRow> {
    if (!isUuid(appointmentId)) throw new NotFoundError(M.jobNotFound);
    const job = await appointments.lockAppointment(tx, appointmentId);
    if (!job || stageOf(job.status, job.stage) === null) throw new NotFoundError(M.jobNotFound);
    if (job.status !== 'Scheduled') throw new ConflictError(M.jobClosed);
    return job;
  }

  /**
   * Writes the whole list of lines (a Draft; a Sent estimate returns to Draft and must be sent again, so
   * its link stops deciding it). Labour is priced at the workshop's hourly rate; a line may answer one
   * of this job's findings. `expectedUpdatedAt` refuses a save over a change the advisor did not see.
   */
  async function save(user: AuthUser, appointmentId: string, body: unknown): Promise<EstimateEditor> {
    const input = parseOrThrow(estimateSaveSchema, body);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const job = await lockedJob(tx, appointmentId);
      const current = await repo.findEstimateOfJob(tx, job.id, { forUpdate: true });
      if (current?.status === 'Decided') throw new ConflictError(M.decidedLocked);
      if (input.expectedUpdatedAt !== undefined && (current?.updatedAt.toISOString() ?? null) !== input.expectedUpdatedAt) {
        throw new ConflictError(M.staleEdit);
      }
      const rates = await appointments.workshopRates(tx);
      const findingIds = new Set((await deps.findings(tx, storage, job.id)).map((f) => f._id));
      const errors: Record<string, string> = {};
      const lines: repo.NewEstimateLine[] = input.lines.map((line, position) => {
        const unitPriceCents = line.kind === 'Labour' ? rates.hourlyRateCents : line.unitPriceCents!;
        const amountCents = lineAmountCents(line.quantityHundredths, unitPriceCents);
        if (amountCents > ESTIMATE_AMOUNT_LIMITS.lineCentsMax) errors[`lines.${position}.quantityHundredths`] ??= M.lineTooHigh;
        if (line.inspectionItemId && !findingIds.has(line.inspectionItemId)) errors[`lines.${position}.inspectionItemId`] = M.finding;
        return {
          position,
          kind: line.kind,
          description: line.description,
          quantityHundredths: line.quantityHundredths,
          unitPriceCents,
          amountCents,
          inspectionItemId: line.inspectionItemId ?? null,
        };
      });
      const totals = estimateTotals(lines.map((l) => l.amountCents), rates.taxRateBasisPoints);
      if (Object.keys(errors).length === 0 && totals.totalCents > ESTIMATE_AMOUNT_LIMITS.totalCentsMax) errors.lines = M.totalTooHigh;
      if (Object.keys(errors).length > 0) throw new ValidationError(errors, Object.values(errors)[0]);
      const row = current
        ? await repo.updateEstimate(tx, current.id, { status: 'Draft', taxRateBasisPoints: rates.taxRateBasisPoints, updatedAt: now })
        : await repo.insertEstimate(tx, { appointmentId: job.id, status: 'Draft', taxRateBasisPoints: rates.taxRateBasisPoints, createdAt: now, updatedAt: now });
      await repo.replaceLines(tx, row.id, lines);
      await recordAudit(tx, {
        actorId: user.id,
        action: 'estimate.save',
        entityType: 'maintenance',
        entityId: job.id,
        before: current ? { status: current.status, version: current.version } : null,
        after: { status: 'Draft', version: row.version, lines: lines.length, totalCents: totals.totalCents },
      });
    });
    return editor(user, appointmentId);
  }

  /**
   * Sends the estimate: raises its version (older links stop working), e-mails the customer a link
   * valid for ESTIMATE_LIMITS.linkDays and moves the job to Waiting for approval. The tax rate is the
   * workshop's at sending. Sending a Sent estimate again sends a fresh link.
   */
  async function send(user: AuthUser, appointmentId: string): Promise<EstimateEditor> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const job = await lockedJob(tx, appointmentId);
      const stage = stageOf(job.status, job.stage)!;
      if (!SENDABLE.includes(stage)) throw new ConflictError(M.notCheckedIn);
      const current = await repo.findEstimateOfJob(tx, job.id, { forUpdate: true });
      if (!current) throw new NotFoundError(M.noEstimate);
      if (current.status === 'Decided') throw new ConflictError(M.decidedLocked);
      const to = (await bookingRecipient(tx, job)).trim();
      if (to === '') throw new ConflictError(M.noCustomerEmail);
      const { taxRateBasisPoints } = await appointments.workshopRates(tx);
      const lines = (await repo.linesOf(tx, [current.id])).get(current.id) ?? [];
      const totals = estimateTotals(lines.map((l) => l.amountCents), taxRateBasisPoints);
      if (totals.totalCents > ESTIMATE_AMOUNT_LIMITS.totalCentsMax) throw new ValidationError({ lines: M.totalTooHigh }, M.totalTooHigh);
      const row = await repo.updateEstimate(tx, current.id, {
        status: 'Sent',
        version: current.version + 1,
        taxRateBasisPoints,
        sentAt: now,
        sentById: user.id,
        updatedAt: now,
      });
      const expiresAt = new Date(now.getTime() + ESTIMATE_LIMITS.linkDays * 86_400_000);
      const token = estimateLinkToken(tokens, { estimateId: row.id, version: row.version, expiresAt });
      await enqueueEmail(tx, {
        kind: 'estimate-sent',
        to,
        data: {
          estimateId: row.id,
          appointmentId: job.id,
          car: carOf(job),
          service: job.specificService,
          customerName: job.customerName,
          path: `/estimates/${row.id}/decide#${token}`,
          lines: lines.length,
          totalCents: totals.totalCents,
          expiresAtText: dealershipDateTime(expiresAt, config.WORKSHOP_TZ),
        },
      });
      if (stage !== 'Waiting for approval') await appointments.setStageWithin(tx, job, 'Waiting for approval');
      await recordAudit(tx, {
        actorId: user.id,
        action: 'estimate.send',
        entityType: 'maintenance',
        entityId: job.id,
        before: { status: current.status, version: current.version, stage },
        after: { status: 'Sent', version: row.version, stage: 'Waiting for approval', totalCents: totals.totalCents },
      });
    });
    return editor(user, appointmentId);
  }

  /** The customer's own estimate (another's, or one never sent, is not found). */
  async function ownEstimate(user: AuthUser, id: string): Promise<{ row: repo.EstimateRow; job: repo.JobRow }> {
    const row = isUuid(id) ? await repo.findEstimate(db, id) : undefined;
    const job = row ? await repo.findJob(db, row.appointmentId) : undefined;
    if (!row || !job || row.version === 0 || job.userId !== user.id) throw new NotFoundError(M.notFound);
    return { row, job };
  }

  /** The estimate a link names, once the link is checked: made here, for this estimate, not expired. */
  async function linkedEstimate(id: string, token: string): Promise<{ row: repo.EstimateRow; job: repo.JobRow; version: number }> {
    const claims = readEstimateLinkToken(tokens, token);
    if (!claims) throw new ForbiddenError(M.linkInvalid);
    if (claims.estimateId !== id) throw new ForbiddenError(M.linkOtherEstimate);
    if (claims.expiresAt.getTime() <= clock.now().getTime()) throw new LinkExpiredError();
    const row = await repo.findEstimate(db, id);
    const job = row ? await repo.findJob(db, row.appointmentId) : undefined;
    if (!row || !job) throw new NotFoundError(M.notFound);
    return { row, job, version: claims.version };
  }

  interface DecisionRequest {
    estimateId: string;
    appointmentId: string;
    /** The version the customer saw (their page) or the link was sent as. */
    version: number;
    viaLink: boolean;
    decisions: { lineId: string; decision: EstimateLineDecision }[];
    fullName: string;
    ip: string | null;
    actorId: string | null;
  }

  /**
   * The decision, all or nothing, under the job's and then the estimate's row lock (the order every
   * estimate write takes): a second decision, a stale version or a changed estimate is refused with
   * its message and nothing changes. Every line gets its decision; the approved total with tax becomes
   * the job's cost; a job waiting for approval goes In progress; the advisor who sent it is e-mailed.
   */
  async function decide(request: DecisionRequest): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const job = await appointments.lockAppointment(tx, request.appointmentId);
      const current = await repo.findEstimate(tx, request.estimateId, { forUpdate: true });
      if (!job || !current) throw new NotFoundError(M.notFound);
      if (current.status === 'Decided') throw new ConflictError(M.alreadyDecided);
      if (request.viaLink && request.version !== current.version) throw new ConflictError(M.linkOldVersion);
      if (current.status === 'Draft') throw new ConflictError(current.version > 0 ? M.changedSinceSent : M.notSent);
      if (request.version !== current.version) throw new ConflictError(M.staleVersion);
      if (job.status !== 'Scheduled') throw new ConflictError(M.jobClosed);
      const lines = (await repo.linesOf(tx, [current.id])).get(current.id) ?? [];
      const known = new Set(lines.map((l) => l.id));
      const given = new Map(request.decisions.map((d) => [d.lineId, d.decision]));
      if (request.decisions.some((d) => !known.has(d.lineId))) throw new ValidationError({ decisions: M.decisionUnknownLine }, M.decisionUnknownLine);
      if (given.size !== request.decisions.length || lines.some((l) => !given.has(l.id))) throw new ValidationError({ decisions: M.decisionEach }, M.decisionEach);
      if (!sameName(request.fullName, job.customerName)) {
        const message = M.fullNameMismatch(job.customerName);
        throw new ValidationError({ fullName: message }, message);
      }
      const approvedIds = lines.filter((l) => given.get(l.id) === 'Approved').map((l) => l.id);
      const declinedIds = lines.filter((l) => given.get(l.id) === 'Declined').map((l) => l.id);
      await repo.decideLines(tx, current.id, approvedIds, 'Approved');
      await repo.decideLines(tx, current.id, declinedIds, 'Declined');
      const fullName = request.fullName.trim().replace(/\s+/g, ' ');
      await repo.updateEstimate(tx, current.id, { status: 'Decided', decidedAt: now, decidedName: fullName, decidedIp: request.ip, updatedAt: now });
      const approved = estimateTotals(lines.filter((l) => approvedIds.includes(l.id)).map((l) => l.amountCents), current.taxRateBasisPoints);
      await appointments.setCostWithin(tx, job.id, approved.totalCents);
      const stage = stageOf(job.status, job.stage);
      if (stage === 'Waiting for approval') await appointments.setStageWithin(tx, job, 'In progress');
      await recordAudit(tx, {
        actorId: request.actorId,
        action: 'estimate.decide',
        entityType: 'maintenance',
        entityId: job.id,
        before: { status: 'Sent', version: current.version, stage, cost: job.cost },
        after: {
          status: 'Decided',
          approved: approvedIds.length,
          declined: declinedIds.length,
          approvedTotalCents: approved.totalCents,
          decidedName: fullName,
          via: request.viaLink ? 'link' : 'account',
          stage: stage === 'Waiting for approval' ? 'In progress' : stage,
        },
      });
      const advisor = await repo.personOf(tx, current.sentById);
      const to = advisor && advisor.status === 'active' ? advisor.email : config.WORKSHOP_EMAIL;
      if (to) {
        await enqueueEmail(tx, {
          kind: 'estimate-decided',
          to,
          data: {
            estimateId: current.id,
            appointmentId: job.id,
            car: carOf(job),
            service: job.specificService,
            customerName: job.customerName,
            advisorName: advisor?.name ?? 'team',
            approvedLines: approvedIds.length,
            declinedLines: declinedIds.length,
            approvedTotalCents: approved.totalCents,
            decidedName: fullName,
          },
        });
      }
    });
  }

  return {
    editor,
    save,
    send,

    /** The caller's estimates that were sent to them, newest first. */
    async mine(user: AuthUser): Promise<EstimateSummary[]> {
      const rows = await repo.estimatesOfCustomer(db, user.id);
      const lines = await repo.linesOf(db, rows.map((r) => r.estimate.id));
      return rows.map(({ estimate, job }) => {
        const full = toEstimate(estimate, lines.get(estimate.id) ?? [], job, []);
        return {
          _id: full._id,
          status: full.status,
          vehicle: full.vehicle,
          specificService: full.specificService,
          appointmentDate: full.appointmentDate,
          totals: full.totals,
          approved: full.approved,
          sentAt: full.sentAt,
          decidedAt: full.decidedAt,
        };
      });
    },

    async mineOne(user: AuthUser, id: string): Promise<Estimate> {
      const { row, job } = await ownEstimate(user, id);
      return view(db, row, job);
    },

    async decideMine(user: AuthUser, id: string, body: unknown, ip: string | null): Promise<Estimate> {
      const input = parseOrThrow(estimateDecisionSchema, body);
      const { row } = await ownEstimate(user, id);
      await decide({ estimateId: row.id, appointmentId: row.appointmentId, version: input.version, viaLink: false, decisions: input.decisions, fullName: input.fullName, ip, actorId: user.id });
      return this.mineOne(user, id);
    },

    /** The estimate an e-mailed link opens (this estimate only, without signing in). */
    async byLink(id: string, body: unknown): Promise<Estimate> {
      const { token } = parseOrThrow(estimateLinkSchema, body);
      const { row, job, version } = await linkedEstimate(id, token);
      // A decided estimate stays readable through its link; a changed one says so (its lines are not the ones sent).
      if (row.status !== 'Decided' && version !== row.version) throw new ConflictError(M.linkOldVersion);
      if (row.status === 'Draft') throw new ConflictError(M.changedSinceSent);
      return view(db, row, job);
    },

    async decideByLink(id: string, body: unknown, ip: string | null): Promise<Estimate> {
      const input = parseOrThrow(estimateLinkDecisionSchema, body);
      const { row, version } = await linkedEstimate(id, input.token);
      await decide({ estimateId: row.id, appointmentId: row.appointmentId, version, viaLink: true, decisions: input.decisions, fullName: input.fullName, ip, actorId: null });
      const after = await repo.findEstimate(db, id);
      return view(db, after!, (await repo.findJob(db, after!.appointmentId))!);
    },
  };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;
