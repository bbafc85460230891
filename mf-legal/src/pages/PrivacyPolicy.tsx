import type { ReactNode } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import './legal.css';

type LegalSection = {
  title: string;
  body: ReactNode;
};

const sections: LegalSection[] = [
  {
    title: 'Information We Collect',
    body: (
      <>
        <p>
          GroupFlow collects only the information it needs to link Discord accounts to Roblox accounts, to connect
          Roblox groups to Discord servers, and to give group staff the tools they use to run their groups. The
          information we collect falls into the categories below.
        </p>
        <h3>Information from Discord</h3>
        <p>When you sign in with Discord, use the GroupFlow bot, or add the bot to a server, we receive:</p>
        <ul>
          <li>
            <strong>Account identifiers:</strong> your Discord user ID (the unique numeric identifier Discord assigns to
            your account), your username and display name.
          </li>
          <li>
            <strong>Profile information:</strong> your avatar image, as provided by Discord.
          </li>
          <li>
            <strong>Server information:</strong> for servers where GroupFlow is installed, the server ID, server name,
            channel and role names and IDs, the membership and role assignments needed to apply group bindings, and the
            settings configured by the server&apos;s administrators.
          </li>
          <li>
            <strong>Message content for moderation:</strong> where a server&apos;s administrators enable
            GroupFlow&apos;s moderation features, we process the content of messages sent in the channels those features
            cover, together with the author, channel and time of each message, so that the bot can detect rule
            violations, act on them and keep a moderation record. We do not use message content for any other purpose.
          </li>
        </ul>
        <h3>Information from Roblox</h3>
        <p>When you verify a Roblox account or a server owner binds a Roblox group, we receive:</p>
        <ul>
          <li>
            <strong>Account identifiers:</strong> your Roblox user ID and your Roblox username and display name.
          </li>
          <li>
            <strong>Group membership and rank:</strong> the Roblox groups you belong to that are bound to a server or
            managed through a GroupFlow workspace, and your role and rank within each of them.
          </li>
          <li>
            <strong>Activity:</strong> group-related activity that is relevant to the features a group uses, such as
            rank changes, join and leave events, shout and wall activity, and attendance or activity records kept by
            group staff in their workspace.
          </li>
        </ul>
        <h3>Information you give us directly</h3>
        <ul>
          <li>Support requests, reports and any attachments or messages you send to our staff.</li>
          <li>Information you enter into a group workspace, such as notes, logs, applications or schedules.</li>
          <li>
            Billing contact details if you purchase a paid plan. Card and payment details are handled by our payment
            processor and are not stored by GroupFlow.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <p>
          When you use the GroupFlow website or dashboard, our servers record technical information such as your IP
          address, browser type, the pages you request, the time of each request, and error and diagnostic logs. We use
          this information to operate, secure and troubleshoot the service.
        </p>
      </>
    ),
  },
  {
    title: 'How We Use Information',
    body: (
      <>
        <p>We use the information described above for the following purposes:</p>
        <ul>
          <li>
            <strong>Verification:</strong> to confirm that you control a Roblox account and to link it to your Discord
            account.
          </li>
          <li>
            <strong>Group bindings:</strong> to assign and update Discord roles and nicknames according to the Roblox
            group membership and rank bindings that server owners configure.
          </li>
          <li>
            <strong>Workspaces:</strong> to provide group staff with the member lists, rank management, activity
            tracking and other tools in their group&apos;s workspace.
          </li>
          <li>
            <strong>Moderation:</strong> to run the moderation features a server has enabled, including detecting rule
            violations, taking the actions configured by the server, and keeping moderation records for that
            server&apos;s staff.
          </li>
          <li>
            <strong>Support:</strong> to respond to your questions, investigate reports and resolve problems with your
            account, server or group.
          </li>
          <li>
            <strong>Safety and integrity:</strong> to detect, prevent and respond to fraud, abuse, spam, security
            incidents and violations of our Terms of Service.
          </li>
          <li>
            <strong>Operating and improving the service:</strong> to maintain performance and reliability, diagnose
            errors, and understand in aggregate how features are used so that we can improve them.
          </li>
          <li>
            <strong>Legal obligations:</strong> to comply with applicable law, respond to lawful requests, and
            establish, exercise or defend legal claims.
          </li>
        </ul>
        <p>We do not sell your personal information, and we do not use it to serve third-party advertising.</p>
      </>
    ),
  },
  {
    title: 'How We Share Information',
    body: (
      <>
        <p>We share information only in the following circumstances:</p>
        <ul>
          <li>
            <strong>With server and group staff:</strong> when you verify in a server or belong to a group that uses
            GroupFlow, that server&apos;s administrators and that group&apos;s staff can see your linked Discord and
            Roblox identities, your group rank and the activity and moderation records associated with their server or
            group. They cannot see information from servers or groups they do not manage.
          </li>
          <li>
            <strong>With Discord and Roblox:</strong> to perform the actions you or your server&apos;s administrators
            request, such as assigning roles or changing a group rank, we send the necessary requests to Discord and
            Roblox through their official interfaces.
          </li>
          <li>
            <strong>With service providers:</strong> we use carefully selected providers for hosting, data storage,
            email delivery, error monitoring and payment processing. They process information only on our instructions
            and are bound by confidentiality and data protection obligations.
          </li>
          <li>
            <strong>For legal reasons:</strong> we may disclose information if we believe in good faith that it is
            required by law, regulation or legal process, or that it is necessary to protect the rights, property or
            safety of GroupFlow, our users or the public.
          </li>
          <li>
            <strong>Business transfers:</strong> if GroupFlow is involved in a merger, acquisition or sale of assets,
            information may be transferred as part of that transaction. We will give notice before your information
            becomes subject to a different privacy policy.
          </li>
          <li>
            <strong>With your consent:</strong> in any other case, only when you have asked us to or agreed that we may.
          </li>
        </ul>
        <p>We may also share aggregated or de-identified information that cannot reasonably be used to identify you.</p>
      </>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <>
        <p>
          GroupFlow uses technical and organizational measures designed to protect your information against loss, misuse
          and unauthorized access, disclosure, alteration or destruction. These measures include:
        </p>
        <ul>
          <li>Encryption of data in transit using TLS.</li>
          <li>Access tokens and other credentials stored securely and never exposed to other users.</li>
          <li>
            Access to production systems limited to GroupFlow staff who need it for their role, with access reviewed and
            logged.
          </li>
          <li>
            Permission checks so that server administrators and group staff can act only on the servers and groups they
            manage.
          </li>
          <li>Monitoring for unusual activity and a documented process for responding to security incidents.</li>
        </ul>
        <p>
          No method of transmission or storage is completely secure, and we cannot guarantee absolute security. If we
          become aware of a breach that affects your personal information, we will notify you and the relevant
          authorities as required by applicable law.
        </p>
        <p>
          You can help protect your account by keeping your Discord and Roblox accounts secure, enabling two-factor
          authentication on both, and never sharing verification codes with anyone.
        </p>
      </>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <>
        <p>
          We keep personal information only for as long as it is needed for the purposes described in this policy,
          unless a longer period is required or permitted by law.
        </p>
        <ul>
          <li>
            <strong>Account links:</strong> your Discord and Roblox account link is kept until you unlink your accounts
            or ask us to delete your data.
          </li>
          <li>
            <strong>Server and group data:</strong> bindings, settings and workspace records are kept while GroupFlow is
            used by that server or group. When the bot is removed from a server or a workspace is closed, the related
            data is deleted after a short grace period that allows accidental removals to be reversed.
          </li>
          <li>
            <strong>Moderation data:</strong> message content processed for moderation is kept only as long as needed to
            carry out moderation and to keep the moderation record the server has configured, and is then deleted.
          </li>
          <li>
            <strong>Support records:</strong> support requests and related correspondence are kept for as long as needed
            to resolve the request and to handle any follow-up.
          </li>
          <li>
            <strong>Technical logs:</strong> server and security logs are kept for a limited period for security and
            troubleshooting, and then deleted or anonymized.
          </li>
        </ul>
        <p>
          Where we must keep certain records to comply with legal, tax or accounting obligations, to resolve disputes,
          or to enforce our agreements, we keep them only for as long as that purpose requires. Deleted data may remain
          in encrypted backups for a limited time until those backups are overwritten in the normal backup cycle.
        </p>
      </>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>
          Depending on where you live, you may have some or all of the following rights regarding your personal
          information. GroupFlow honors these requests for all users wherever reasonably possible:
        </p>
        <ul>
          <li>
            <strong>Access:</strong> to ask for a copy of the personal information we hold about you.
          </li>
          <li>
            <strong>Correction:</strong> to ask us to correct information that is inaccurate or incomplete.
          </li>
          <li>
            <strong>Deletion:</strong> to ask us to delete your personal information.
          </li>
          <li>
            <strong>Portability:</strong> to receive your information in a structured, commonly used, machine-readable
            format.
          </li>
          <li>
            <strong>Objection and restriction:</strong> to object to, or ask us to restrict, certain processing of your
            information.
          </li>
          <li>
            <strong>Withdrawal of consent:</strong> where processing is based on your consent, to withdraw it at any
            time without affecting processing carried out before the withdrawal.
          </li>
          <li>
            <strong>Complaint:</strong> to lodge a complaint with your local data protection authority.
          </li>
        </ul>
        <p>
          You can unlink your Roblox account from GroupFlow at any time. To make any other request, contact us as
          described in the Contact Us section below. We may need to verify your identity before acting on a request, for
          example by asking you to confirm ownership of the linked Discord or Roblox account. We will respond within the
          time required by applicable law.
        </p>
        <p>
          Some information, such as records held by a server or group you belong to, is managed by that server&apos;s
          administrators or that group&apos;s staff. We may refer you to them, or work with them, to fulfil your
          request.
        </p>
      </>
    ),
  },
  {
    title: 'Cookies',
    body: (
      <>
        <p>
          The GroupFlow website and dashboard use cookies and similar browser storage technologies. We use them for the
          following purposes:
        </p>
        <ul>
          <li>
            <strong>Essential:</strong> to keep you signed in, protect your session against cross-site request forgery,
            and remember which server or workspace you are managing.
          </li>
          <li>
            <strong>Preferences:</strong> to remember choices you make, such as display settings.
          </li>
          <li>
            <strong>Diagnostics:</strong> to understand errors and performance problems so that we can fix them.
          </li>
        </ul>
        <p>
          We do not use advertising cookies or allow third parties to track you across other websites through our
          service. You can block or delete cookies through your browser settings, but if you block essential cookies you
          will not be able to sign in to the dashboard.
        </p>
      </>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <>
        <p>
          GroupFlow is built on top of platforms operated by other companies. Your use of those platforms is governed by
          their own terms and privacy policies, which we encourage you to read.
        </p>
        <ul>
          <li>
            <strong>Discord:</strong> GroupFlow signs you in with Discord and operates as a Discord bot. Discord
            determines what information it makes available to applications like GroupFlow, and Discord&apos;s own
            Privacy Policy governs how Discord handles your information.
          </li>
          <li>
            <strong>Roblox:</strong> GroupFlow reads account and group information from Roblox and, where group staff
            authorize it, performs group actions on their behalf. Roblox&apos;s own Privacy Policy governs how Roblox
            handles your information.
          </li>
        </ul>
        <p>
          GroupFlow is an independent service and is not affiliated with, endorsed by, or sponsored by Discord Inc. or
          Roblox Corporation. We are not responsible for the privacy practices of Discord, Roblox, or any other website
          or service linked from GroupFlow.
        </p>
      </>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <>
        <p>
          GroupFlow is not directed to children under the age of 13, and we do not allow users under 13 to use the
          service. We do not knowingly collect personal information from children under 13. Users must also meet the
          minimum age required by Discord and Roblox, and any higher minimum age that applies in their country.
        </p>
        <p>
          If we learn that we have collected personal information from a child under 13, we will delete it promptly and
          disable the associated account link. If you are a parent or guardian and believe that your child under 13 has
          provided information to GroupFlow, please contact us as described below so that we can remove it.
        </p>
      </>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <>
        <p>
          We may update this Privacy Policy from time to time to reflect changes in our service, in the law, or in how
          we handle information. When we do, we will revise the &quot;Last updated&quot; date at the top of this page.
        </p>
        <p>
          If we make material changes, we will give notice before they take effect, for example through an announcement
          on our website, a notice in the dashboard, or a message in our official Discord server. Your continued use of
          GroupFlow after a change takes effect means that you accept the updated policy. If you do not agree with the
          changes, you should stop using GroupFlow and may ask us to delete your information.
        </p>
      </>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <>
        <p>
          If you have questions about this Privacy Policy, want to exercise any of your rights, or have a concern about
          how GroupFlow handles your information, you can reach us in the following ways:
        </p>
        <ul>
          <li>
            <strong>Support:</strong> open a request through our <Link to="/support">support page</Link>. Our support
            team will route privacy requests to the appropriate GroupFlow staff.
          </li>
          <li>
            <strong>Email:</strong> write to <a href="mailto:legal@groupflow.app">legal@groupflow.app</a>.
          </li>
        </ul>
        <p>
          To help us respond quickly, please include your Discord username and, if relevant, your Roblox username and
          the server or group your request concerns. Never send us your passwords or verification codes.
        </p>
      </>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <main className="page">
      <div className="container legal-page">
        <div className="legal-back">
          <Link to="/" className="btn btn-outline">
            Back to Home
          </Link>
        </div>

        <header className="legal-header">
          <h1>Privacy Policy</h1>
          <p className="legal-meta">Last updated: July 14, 2025</p>
        </header>

        <p className="legal-intro">
          This Privacy Policy explains how GroupFlow collects, uses, shares and protects information when you use the
          GroupFlow Discord bot, website, dashboard and group workspaces (together, the &quot;service&quot;). By using
          GroupFlow, you acknowledge the practices described in this policy.
        </p>

        {sections.map(({ title, body }, index) => {
          const headingId = `privacy-section-${index + 1}`;
          return (
            <section key={headingId} className="legal-section" aria-labelledby={headingId}>
              <h2 id={headingId}>{`${index + 1}. ${title}`}</h2>
              {body}
            </section>
          );
        })}
      </div>
    </main>
  );
}
