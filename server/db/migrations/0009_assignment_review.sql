CREATE TABLE "assignment_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"customer_id" uuid,
	"user_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"type" text NOT NULL,
	"customer_id" uuid,
	"user_id" uuid,
	"content" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" text,
	"correction" text,
	"submission_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "assignment_comments" ADD CONSTRAINT "assignment_comments_assignment_id_assignment_submissions_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignment_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_comments" ADD CONSTRAINT "assignment_comments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_comments" ADD CONSTRAINT "assignment_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_events" ADD CONSTRAINT "assignment_events_assignment_id_assignment_submissions_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignment_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_events" ADD CONSTRAINT "assignment_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_events" ADD CONSTRAINT "assignment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_events" ADD CONSTRAINT "assignment_events_submission_id_assignment_events_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."assignment_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_comments_assignment_idx" ON "assignment_comments" USING btree ("assignment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assignment_comments_user_idx" ON "assignment_comments" USING btree ("user_id") WHERE "assignment_comments"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "assignment_events_assignment_idx" ON "assignment_events" USING btree ("assignment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assignment_events_user_idx" ON "assignment_events" USING btree ("user_id") WHERE "assignment_events"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_submissions_item_customer_unique" ON "assignment_submissions" USING btree ("training_item_id","customer_id");