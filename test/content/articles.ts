/** Real-length articles for source_text tests: prose with numbers, quotes and lists, as agents paste it. */
export const articles = [
  `Most small bakeries lose money on their busiest day, and they rarely notice. On a typical Saturday, a neighbourhood bakery sells out of its best loaves by ten in the morning, then spends the afternoon selling coffee at a thin margin. The owner sees a full shop and assumes the day went well.

The numbers tell a different story. When we looked at the tills of twelve bakeries in Portland last spring, Saturday revenue per labour hour was 18 percent lower than on Thursday. Staff were busy, but they were busy with low-margin orders. The high-margin products, sourdough and laminated pastry, had run out before most customers arrived.

The fix is not to bake more of everything. Bakeries that baked a second, smaller batch of their two best sellers, timed to come out of the oven at noon, recovered most of the lost margin within a month. One owner told us that the noon batch "changed the whole feel of the afternoon", because regulars learned that fresh bread appeared twice a day.

Pre-orders helped even more. A simple form on the bakery's website, open until Thursday night, let customers reserve a loaf for Saturday. Within six weeks, a third of Saturday sourdough was sold before the doors opened. That made planning easier, cut waste by about a quarter, and turned anxious queues into quick pick-ups.

Pricing deserves a second look too. Many bakeries price a loaf by comparing it with the supermarket, which sells a very different product. Customers who queue for naturally leavened bread are not comparing it with sliced white. In our sample, raising the price of the signature loaf by one dollar did not reduce sales at all, and it paid for the extra noon batch twice over.

None of this requires new equipment. It requires looking at which products earn the money, making sure those products are on the shelf when customers come, and letting regulars reserve what they love. Start by counting sell-out times for two weekends. The pattern will be obvious, and so will the first change to make.`,

  `Zero-downtime database migrations are less about clever tools than about discipline. Every schema change that ships while users are online has to work with two versions of the application at once: the one still running and the one being deployed. If a change breaks either, users see errors during the deploy.

The safest pattern is expand and contract. First expand the schema in a way the old code ignores: add the new column as nullable, add the new table, add the index concurrently. Then deploy code that writes to both the old and the new shape. Backfill the existing rows in small batches, so that no single transaction holds locks for long. Once every row is migrated and the new code has run for a while, switch reads to the new shape. Only then contract: stop writing the old column and drop it in a later release.

Renaming a column is the classic trap. A plain rename is instant in the database but breaks every query the running code still sends. Treat a rename as adding a new column, copying the data, moving the code over and removing the old column, even though it takes three deploys instead of one.

Locks deserve respect. In PostgreSQL, adding a column with a volatile default, changing a column's type or creating an index without the concurrent option can block writes on a large table for minutes. Set a lock timeout for migration sessions, so that a migration that cannot get its lock fails quickly instead of queueing every other query behind it.

Backfills should be boring. Process rows in batches of a few thousand, commit after each batch, sleep briefly between batches and make the job restartable from where it stopped. Measure replication lag while it runs; if replicas fall behind, slow down.

Finally, rehearse. Restore last night's backup into a staging database and run the migration there with production-sized data. The rehearsal tells you how long each step takes and which statements take heavy locks. Teams that rehearse every migration rarely have outages caused by one, and the habit costs far less than a single bad night.`,
];
