import { complaintSchema, menuGroupSchema, notificationSchema, typeOfOffenceSchema, userSchema } from '@contract';
import {
  accountTypes,
  accounts,
  complaints,
  contractorOrganizationComplaints,
  DEMO_PASSWORD,
  demoAccounts,
  MARKUP_NOTIFICATION_ID,
  menuItems,
  menusByUserType,
  newestComplaint,
  notifications,
  organizations,
  organizationTypes,
  personas,
  positions,
  typeOfOffences,
  userTypes,
  zones,
} from '@fixtures';

// The fixture set also seeds the real server and feeds Playwright, so its promises are
// checked here once rather than discovered by a failing screen.

const countBy = <T>(rows: readonly T[], key: (row: T) => string | number) =>
  rows.reduce<Record<string, number>>((counts, row) => {
    counts[key(row)] = (counts[key(row)] ?? 0) + 1;
    return counts;
  }, {});

describe('fixture data set', () => {
  it('has one active demo account per user type with privileges, all with the demo password', () => {
    for (const account of accounts) {
      userSchema.parse(account);
      expect(account.password).toBe(DEMO_PASSWORD);
    }
    const active = Object.values(demoAccounts).filter((account) => account.status === 'active');
    // Registered users get no menu until an administrator gives them a role; none is seeded.
    const staffTypes = userTypes.filter((type) => type.key !== null && menusByUserType[type.key].length > 0);
    expect(active.map((account) => account.userTypeKey).sort()).toEqual(staffTypes.map((type) => type.key).sort());
    expect(demoAccounts.pending.status).toBe('pending');
    expect(demoAccounts.disabled.status).toBe('disabled');
  });

  it('gives every administration list more than one page, with at least 25 users', () => {
    // The lists show 10 rows a page by default (src/lib/list-params.ts).
    expect(accounts.length).toBeGreaterThanOrEqual(25);
    expect(new Set(accounts.map((a) => a.email)).size).toBe(accounts.length);
    expect(new Set(accounts.map((a) => a.status))).toEqual(new Set(['active', 'pending', 'disabled']));
    for (const list of [accountTypes, userTypes, positions, zones, organizationTypes, organizations, personas, typeOfOffences]) {
      expect(list.length).toBeGreaterThan(10);
      expect(list.some((row) => ('active' in row ? row.active : row.isActive) === false)).toBe(true);
    }
  });

  it('holds complaints in every status that satisfy the contract', () => {
    expect(complaints.map((complaint) => complaint.id)).toEqual(Array.from({ length: complaints.length }, (_, i) => i + 1));
    for (const complaint of complaints) {
      complaintSchema.parse(complaint);
      expect(complaint.dateOfMisconduct).toMatch(/\+08:00$/);
      expect(Date.parse(complaint.dateOfMisconduct)).toBeLessThan(Date.parse('2026-11-20T00:00:00+08:00'));
      expect(Date.parse(complaint.createdAt)).toBeGreaterThan(Date.parse(complaint.dateOfMisconduct));
      if (complaint.status === 1) expect(complaint.justification).toBeNull();
      if (complaint.status !== 1) expect(complaint.justification).toBeTruthy();
      if (complaint.status < 3) expect(complaint.remark).toBeNull();
      const type = typeOfOffences.find((candidate) => candidate.id === complaint.typeOfOffence.id);
      expect(type?.name).toBe(complaint.typeOfOffence.name);
    }
    expect(countBy(complaints, (complaint) => complaint.status)).toEqual({
      1: 16,
      2: 16,
      3: 16,
      4: 16,
    });
    expect(complaints.filter((c) => c.complaintAttachments.length > 0).length).toBeGreaterThanOrEqual(12);
    expect(complaints.filter((c) => c.justificationAttachments.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(complaints.some((c) => c.description.length > 200)).toBe(true);
    expect(complaints.some((c) => c.qty === 0)).toBe(true);
    const newestTime = Math.max(...complaints.map((c) => Date.parse(c.createdAt)));
    expect(Date.parse(newestComplaint.createdAt)).toBe(newestTime);
  });

  it('gives the demo contractor at least ten complaints across every status', () => {
    expect(contractorOrganizationComplaints.length).toBeGreaterThanOrEqual(10);
    expect(contractorOrganizationComplaints.every((c) => c.organizationId === demoAccounts.contractor.userProfile.organizationId)).toBe(
      true,
    );
    expect(new Set(contractorOrganizationComplaints.map((c) => c.status))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('points notifications only at complaints their recipient may see', () => {
    for (const notification of notifications) {
      notificationSchema.parse(notification);
      const complaint = complaints.find((c) => c.id === notification.complaintId);
      if (notification.complaintId != null) expect(complaint).toBeDefined();
      if (complaint && notification.recipientId === demoAccounts.contractor.id) {
        expect(complaint.organizationId).toBe(demoAccounts.contractor.userProfile.organizationId);
      }
    }
    expect(new Set(notifications.map((n) => n.id)).size).toBe(notifications.length);
    const officer = notifications.filter((n) => n.recipientId === demoAccounts.officer.id);
    expect(officer.length).toBeGreaterThanOrEqual(18);
    expect(officer.filter((n) => !n.isRead).length).toBeGreaterThanOrEqual(6);
    expect(officer.filter((n) => n.complaintId != null).length).toBeGreaterThanOrEqual(8);
    expect(officer.find((n) => n.id === MARKUP_NOTIFICATION_ID)?.description).toContain('<b>not bold</b>');
    for (const account of [demoAccounts.admin, demoAccounts.verifier, demoAccounts.contractor]) {
      expect(notifications.filter((n) => n.recipientId === account.id).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('offers menus only with the routes of the specification', () => {
    const knownUrls = new Set(Object.values(menuItems).map((item) => item.url));
    for (const group of Object.values(menusByUserType).flat()) {
      menuGroupSchema.parse(group);
      for (const item of group.menuItems) expect(knownUrls).toContain(item.url);
    }
    expect(menusByUserType.administrator.flatMap((group) => group.menuItems)).toHaveLength(knownUrls.size);
  });

  it('has at least ten types of offence, one of them inactive', () => {
    for (const type of typeOfOffences) typeOfOffenceSchema.parse(type);
    expect(typeOfOffences.length).toBeGreaterThanOrEqual(10);
    expect(typeOfOffences.filter((type) => !type.isActive)).toHaveLength(1);
  });

  it('refers only to images that exist in public/', () => {
    const addresses = new Set([
      ...complaints.flatMap((c) => [...c.complaintAttachments, ...c.justificationAttachments]).map((a) => a.file),
      ...accounts.flatMap((account) => (account.image ? [account.image] : [])),
      ...Object.values(menusByUserType)
        .flat()
        .map((group) => group.icon),
    ]);
    // Listing the files through Vite keeps this test free of Node-only APIs.
    const published = Object.keys(import.meta.glob('/public/fixtures/images/*.png'));
    for (const address of addresses) expect(published).toContain(`/public${address}`);
  });
});
