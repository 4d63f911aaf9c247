import { ANALYTICS_EVENT_NAME, type AnalyticsEvent, type AnalyticsProvider } from './analytics-provider.ts';

/** Keeps the newest events in memory (bounded), so tests and a developer can see what would have been sent. */
export class SandboxAnalyticsProvider implements AnalyticsProvider {
  readonly kind = 'analytics';
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly events: AnalyticsEvent[] = [];

  constructor(private readonly capacity = 1000) {}

  track(event: AnalyticsEvent): void {
    // A sandbox may be strict: a bad name is a bug to see in development, not an event to drop silently.
    if (!ANALYTICS_EVENT_NAME.test(event.name)) throw new TypeError(`invalid analytics event name`);
    // Only the declared fields are kept, whatever else a caller's object carries.
    this.events.push({ name: event.name, at: new Date(event.at.getTime()) });
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
  }

  /** Oldest first. */
  recent(): AnalyticsEvent[] {
    return this.events.map((e) => ({ ...e }));
  }
}
