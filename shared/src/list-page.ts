/**
 * One page of a list, as every list route answers (docs/architecture.md, "Lists"): the items and the
 * opaque cursor of the next page — `?cursor=` takes it back; null on the last page. A list that also
 * reports an aggregate (a total, an unread count) extends it with that one field. The spec-fixed
 * exceptions (`GET /api/doctors`, `GET /api/appointments`, a patient's documents, the doctors with
 * context) are listed beside the response schemas (`LIST_PAGE_EXCEPTIONS`).
 */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}
