import { isIPv4, isIPv6 } from 'node:net';
import type { AttemptPlan } from './login-rate-limiter';

/** One address may fail this many times the per-account limit, across all accounts (a shared office). */
export const IP_LIMIT_FACTOR = 5;
/** The per-account slow-down never makes anyone wait longer than this between two attempts. */
export const MAX_PACE_SECONDS = 30;

/**
 * The address a limit is keyed on: IPv4 as is, IPv6 by its /64 (one subscriber's whole network),
 * so that rotating through one's own IPv6 addresses does not lift the limits.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface LoginAttemptKeys {
  plan: AttemptPlan;
  /** Forgotten when the right password is given. */
  clearOnSuccess: string[];
  /** Given back when the right password is given. */
  refundOnSuccess: string[];
}

/**
 * Hard limits fall on what a stranger controls: their address with this account, and their address.
 * The account itself is only slowed down, so no stranger can lock its owner out; and a browser that
 * signed in to the account before is counted on its own, never slowed by the account's failures.
 */
export function loginAttemptKeys(input: { account: string; ip: string | null; deviceId: string | null; limit: number }): LoginAttemptKeys {
  const address = input.ip ? addressKey(input.ip) : 'unknown';
  const source = input.deviceId ? `device:${input.deviceId}` : `account-ip:${input.account}|${address}`;
  const paced = `account:${input.account}`;
  const ipKey = `ip:${address}`;
  return {
    plan: {
      limits: [
        { key: source, limit: input.limit },
        { key: ipKey, limit: input.limit * IP_LIMIT_FACTOR },
      ],
      ...(input.deviceId ? {} : { paced: { key: paced, threshold: input.limit } }),
    },
    clearOnSuccess: [source, paced],
    refundOnSuccess: [ipKey],
  };
}

/** "8 seconds", "1 minute", "15 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
