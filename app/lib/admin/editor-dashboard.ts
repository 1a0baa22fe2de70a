/** An editor's /admin: their own work, and no figure of the business. */
export interface EditorDashboard {
  drafts: { id: number; title: string; updatedAt: number }[];
  scheduled: { id: number; title: string; publishAt: number }[];
  reviewsDue: { id: number; name: string; testedOn: string | null }[];
  recentEdits: { id: number; at: number; action: string; detail: string }[];
}
