CREATE TABLE "quiz_attempt_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"choice_ids" jsonb NOT NULL,
	"choice_labels" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	CONSTRAINT "quiz_attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_item_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	"success" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"label" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_item_id" integer NOT NULL,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"media_url" text,
	"media_type" text,
	"explanation" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"training_item_id" integer PRIMARY KEY NOT NULL,
	"min_success_rate" numeric(5, 2),
	"max_attempts" integer,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"show_corrections" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_attempt_answers" ADD CONSTRAINT "quiz_attempt_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempt_answers" ADD CONSTRAINT "quiz_attempt_answers_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_choices" ADD CONSTRAINT "quiz_choices_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_training_item_id_training_items_id_fk" FOREIGN KEY ("training_item_id") REFERENCES "public"."training_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_attempt_answers_question_idx" ON "quiz_attempt_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_item_customer_attempt_key" ON "quiz_attempts" USING btree ("training_item_id","customer_id","attempt");--> statement-breakpoint
CREATE INDEX "quiz_attempts_item_answered_idx" ON "quiz_attempts" USING btree ("training_item_id","answered_at");--> statement-breakpoint
CREATE INDEX "quiz_choices_question_idx" ON "quiz_choices" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "quiz_questions_item_idx" ON "quiz_questions" USING btree ("training_item_id","position");